import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_COLOR, createCustomRoleSchema, updateCustomRoleSchema } from './custom-role.js';

const valid = { name: 'tecnico', displayName: 'Técnico' };

describe('createCustomRoleSchema', () => {
  it('defaults the colour to #6366f1 and the description to null', () => {
    expect(createCustomRoleSchema.parse(valid)).toEqual({ ...valid, description: null, color: DEFAULT_ROLE_COLOR });
    expect(createCustomRoleSchema.parse({ ...valid, color: '' }).color).toBe('#6366f1');
  });

  it('stores colours lowercase', () => {
    expect(createCustomRoleSchema.parse({ ...valid, color: '#AABBCC' }).color).toBe('#aabbcc');
  });

  it.each(['red', '#abc', '#gggggg', 'aabbcc'])('refuses the colour %j', (color) => {
    expect(createCustomRoleSchema.safeParse({ ...valid, color }).error?.issues[0]?.message).toBe('Color inválido');
  });

  it.each(['juridico', 'rol_2', 'a'])('accepts the identifier %j', (name) => {
    expect(createCustomRoleSchema.safeParse({ ...valid, name }).success).toBe(true);
  });

  it.each(['Técnico', 'con espacio', 'guion-medio', 'MAYUS'])('refuses the identifier %j', (name) => {
    expect(createCustomRoleSchema.safeParse({ ...valid, name }).error?.issues[0]?.message).toBe(
      'El identificador solo puede tener letras minúsculas, números y guion bajo',
    );
  });

  it('requires identifier and display name', () => {
    const result = createCustomRoleSchema.safeParse({ name: '', displayName: ' ' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['El identificador es requerido', 'El nombre visible es requerido']);
  });
});

describe('updateCustomRoleSchema', () => {
  it('leaves absent fields out', () => {
    expect(updateCustomRoleSchema.parse({})).toEqual({});
  });

  it('clears the description with an empty string', () => {
    expect(updateCustomRoleSchema.parse({ displayName: 'Jurídico', description: '', color: '#112233' })).toEqual({
      displayName: 'Jurídico',
      description: null,
      color: '#112233',
    });
  });

  it('refuses a bad colour and ignores the identifier', () => {
    expect(updateCustomRoleSchema.safeParse({ color: 'blue' }).success).toBe(false);
    expect(updateCustomRoleSchema.parse({ name: 'otro' })).toEqual({});
  });
});
