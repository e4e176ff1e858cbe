import { describe, expect, it } from 'vitest';
import { userWithRolesSchema } from './user-with-roles.js';

describe('userWithRolesSchema', () => {
  it('is a user plus its custom role entries', () => {
    const user = {
      id: 1,
      firstName: 'Ana',
      lastName: 'López',
      email: 'ana@x.es',
      username: 'ana',
      systemRole: 'team_member',
      role: 'team_member',
      teamId: null,
      teamName: null,
      phone: null,
      bio: null,
      profileImageUrl: null,
      available: true,
      twoFactorEnabled: false,
      createdAt: new Date(),
      customRoles: [{ id: 9, roleId: 2, role: { name: 'tecnico', displayName: 'Técnico', color: '#6366f1' } }],
    };
    expect(userWithRolesSchema.parse(user)).toEqual(user);
    expect(userWithRolesSchema.safeParse({ ...user, customRoles: [{ id: 9 }] }).success).toBe(false);
  });
});
