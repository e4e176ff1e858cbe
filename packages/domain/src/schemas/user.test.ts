import { describe, expect, it } from 'vitest';
import { createUserSchema, profileFormSchema, systemRoleInputSchema, updateUserSchema } from './user.js';

describe('systemRoleInputSchema', () => {
  it('stores vendedor as team_member', () => {
    expect(systemRoleInputSchema.parse('vendedor')).toBe('team_member');
    expect(systemRoleInputSchema.parse('manager')).toBe('manager');
  });

  it('refuses unknown roles with the spec message', () => {
    expect(systemRoleInputSchema.safeParse('root').error?.issues[0]?.message).toBe('El rol es requerido');
    expect(systemRoleInputSchema.safeParse('').error?.issues[0]?.message).toBe('El rol es requerido');
  });
});

describe('createUserSchema', () => {
  const valid = { firstName: 'Ana', lastName: 'López', email: 'ana@x.es', password: 'secreto' };

  it('defaults to team_member', () => {
    expect(createUserSchema.parse(valid).systemRole).toBe('team_member');
  });

  it('requires every field with one message', () => {
    expect(createUserSchema.safeParse({ ...valid, firstName: '' }).error?.issues[0]?.message).toBe('Todos los campos son requeridos');
  });

  it('requires a team name for managers', () => {
    expect(createUserSchema.safeParse({ ...valid, systemRole: 'manager' }).error?.issues[0]?.message).toBe(
      'El nombre del equipo es requerido para managers',
    );
  });
});

describe('profile and edit forms', () => {
  it('give the spec messages', () => {
    const result = profileFormSchema.safeParse({ firstName: '', lastName: '', email: 'x' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'El nombre es requerido',
      'Los apellidos son requeridos',
      'Email inválido',
    ]);
    expect(updateUserSchema.safeParse({ lastName: ' ' }).error?.issues[0]?.message).toBe('Los apellidos son requeridos');
  });
});

describe('updateUserSchema optional texts', () => {
  it('leaves absent fields absent, so a partial edit does not clear them', () => {
    const parsed = updateUserSchema.parse({ bio: 'Nueva' });
    expect(parsed).toEqual({ bio: 'Nueva' });
    expect('phone' in parsed && parsed.phone !== undefined).toBe(false);
  });

  it('clears a field sent blank or null', () => {
    expect(updateUserSchema.parse({ phone: '  ', bio: null })).toMatchObject({ phone: null, bio: null });
  });
});
