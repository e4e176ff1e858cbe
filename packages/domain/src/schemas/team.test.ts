import { describe, expect, it } from 'vitest';
import { addMemberSchema, splitFullName } from './team.js';

const valid = { fullName: 'Ana López', email: 'ana@x.es', password: 'secreto' };

function messages(input: unknown) {
  return addMemberSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
}

describe('addMemberSchema', () => {
  it('defaults the role to team_member', () => {
    expect(addMemberSchema.parse(valid)).toEqual({ ...valid, role: 'team_member', teamName: null });
  });

  it('gives the spec messages', () => {
    expect(messages({ ...valid, fullName: ' ' })).toEqual(['El nombre completo es requerido']);
    expect(messages({ ...valid, email: 'ana' })).toEqual(['Email inválido']);
    expect(messages({ ...valid, password: '12345' })).toEqual(['La contraseña debe tener al menos 6 caracteres']);
    expect(messages({ ...valid, role: 'jefe' })).toEqual(['El rol es requerido']);
  });

  it('accepts a password of exactly 6 characters', () => {
    expect(addMemberSchema.safeParse({ ...valid, password: '123456' }).success).toBe(true);
  });

  it('reads vendedor as team_member', () => {
    expect(addMemberSchema.parse({ ...valid, role: 'vendedor' }).role).toBe('team_member');
  });

  it.each([undefined, '', '   '])('requires a team name for managers (%j)', (teamName) => {
    expect(messages({ ...valid, role: 'manager', teamName })).toEqual(['El nombre del equipo es requerido para managers']);
  });

  it('accepts a manager with a team name and others without', () => {
    expect(addMemberSchema.parse({ ...valid, role: 'manager', teamName: ' Norte ' }).teamName).toBe('Norte');
    expect(addMemberSchema.safeParse({ ...valid, role: 'admin' }).success).toBe(true);
  });
});

describe('splitFullName', () => {
  it('splits at the first space', () => {
    expect(splitFullName('Ana María López')).toEqual({ firstName: 'Ana', lastName: 'María López' });
  });

  it('leaves the last name empty for one word', () => {
    expect(splitFullName('Ana')).toEqual({ firstName: 'Ana', lastName: '' });
  });

  it('ignores surrounding and repeated spaces', () => {
    expect(splitFullName('  Ana   López  ')).toEqual({ firstName: 'Ana', lastName: 'López' });
    expect(splitFullName('')).toEqual({ firstName: '', lastName: '' });
  });
});
