import { describe, expect, it } from 'vitest';
import { importFormSchema, importResultSchema, leadGroupSchema } from './lead-group.js';

describe('importFormSchema', () => {
  it('trims the group name and makes the role optional', () => {
    expect(importFormSchema.parse({ groupName: '  Feria 2024 ' })).toEqual({ groupName: 'Feria 2024', assignedRoleId: null });
    expect(importFormSchema.parse({ groupName: 'G', assignedRoleId: '5' })).toEqual({ groupName: 'G', assignedRoleId: 5 });
  });

  it.each(['', '   ', undefined])('requires a group name (%j)', (groupName) => {
    const result = importFormSchema.safeParse({ groupName });
    expect(result.error?.issues[0]?.message).toBe('Nombre del grupo requerido');
  });

  it('limits the group name to 200 characters', () => {
    expect(importFormSchema.safeParse({ groupName: 'a'.repeat(201) }).success).toBe(false);
  });
});

describe('importResultSchema', () => {
  it('describes the import summary', () => {
    const result = {
      imported: 8,
      skipped: 2,
      total: 10,
      groupName: 'G',
      assignedRoleId: null,
      groupId: 4,
      errors: ['Fila 3: falta el nombre'],
    };
    expect(importResultSchema.parse(result)).toEqual(result);
    expect(importResultSchema.safeParse({ ...result, imported: -1 }).success).toBe(false);
  });
});

describe('leadGroupSchema', () => {
  it('carries the assigned role summary or null', () => {
    const group = {
      id: 1,
      name: 'G',
      description: null,
      leadCount: 4,
      createdAt: new Date(),
      assignedRoleId: 2,
      assignedRole: { id: 2, name: 'tecnico', displayName: 'Técnico', color: '#6366f1' },
    };
    expect(leadGroupSchema.parse(group)).toEqual(group);
    expect(leadGroupSchema.safeParse({ ...group, assignedRoleId: null, assignedRole: null }).success).toBe(true);
  });
});
