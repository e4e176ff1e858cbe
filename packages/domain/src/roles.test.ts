import { describe, expect, it } from 'vitest';
import { SYSTEM_ROLES, normalizeSystemRole, systemRoleLabel } from './roles.js';

describe('normalizeSystemRole', () => {
  it('keeps admin and manager', () => {
    expect(normalizeSystemRole('admin')).toBe('admin');
    expect(normalizeSystemRole('manager')).toBe('manager');
  });

  it.each(['team_member', 'vendedor', 'Admin', '', null, undefined, 42])('reads %s as team_member', (value) => {
    expect(normalizeSystemRole(value)).toBe('team_member');
  });
});

describe('systemRoleLabel', () => {
  it('labels each role in Spanish', () => {
    expect(SYSTEM_ROLES.map(systemRoleLabel)).toEqual(['Administrador', 'Manager', 'Vendedor']);
  });

  it('shows any unknown role as Vendedor', () => {
    expect(systemRoleLabel('vendedor')).toBe('Vendedor');
    expect(systemRoleLabel('superuser')).toBe('Vendedor');
  });
});
