import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loginSchema } from './auth.js';
import { sendMessageSchema } from './chat.js';
import { NUL_CHARACTER_MESSAGE } from './common.js';
import { createCustomRoleSchema, updateCustomRoleSchema } from './custom-role.js';
import { importFormSchema } from './lead-group.js';
import { createLeadSchema, leadListQuerySchema, updateLeadSchema } from './lead.js';
import { analyticsQuerySchema } from './performance.js';
import { addMemberSchema } from './team.js';
import { trackingFormSchema } from './tracking.js';
import { changePasswordSchema, createUserSchema, profileFormSchema, updateUserSchema } from './user.js';

/** Every input schema with a valid body: each of its text fields, given a NUL, must be refused with the one message. */
const INPUTS: [string, z.ZodType, Record<string, unknown>][] = [
  ['login', loginSchema, { username: 'ana', password: 'secreto1' }],
  ['createLead', createLeadSchema, { name: 'Clínica', email: 'a@b.es', phone: '+34 600 123', category: 'salud', description: 'Dental' }],
  [
    'updateLead',
    updateLeadSchema,
    { name: 'Clínica', email: 'a@b.es', phone: '+34 600 123', description: 'D', address: 'Calle 1', domain: 'b.es' },
  ],
  ['leadListQuery', leadListQuerySchema, { q: 'garcia', cursor: 'abc' }],
  ['importForm', importFormSchema, { groupName: 'Feria' }],
  ['trackingForm', trackingFormSchema, { leadId: 1, lastContactDate: '2026-11-20', notes: 'Llamar' }],
  ['createUser', createUserSchema, { firstName: 'Ana', lastName: 'Ruiz', email: 'a@b.es', password: 'secreto1', teamName: 'Norte' }],
  ['updateUser', updateUserSchema, { firstName: 'Ana', lastName: 'Ruiz', email: 'a@b.es', phone: '600', bio: 'Hola', teamName: 'N' }],
  ['profileForm', profileFormSchema, { firstName: 'Ana', lastName: 'Ruiz', email: 'a@b.es', phone: '600', bio: 'Hola' }],
  ['changePassword', changePasswordSchema, { currentPassword: 'secreto1', newPassword: 'secreto2' }],
  ['addMember', addMemberSchema, { fullName: 'Ana Ruiz', email: 'a@b.es', password: 'secreto1', teamName: 'Norte' }],
  ['createCustomRole', createCustomRoleSchema, { name: 'tecnico', displayName: 'Técnico', description: 'D', color: '#112233' }],
  ['updateCustomRole', updateCustomRoleSchema, { displayName: 'Técnico', description: 'D', color: '#112233' }],
  ['sendMessage', sendMessageSchema, { receiverId: 2, message: 'Hola' }],
  ['analyticsQuery', analyticsQuerySchema, { period: 'custom', from: '2026-01-01', to: '2026-02-01' }],
];

/** Fields that pick from a list: any other value, NUL or not, is refused with the list's own message. */
const CHOICES = new Set(['category', 'period']);

describe('a NUL character in any text field', () => {
  it.each(INPUTS)('%s: the valid body passes', (_name, schema, body) => {
    expect(schema.safeParse(body).error?.issues).toBeUndefined();
  });

  it.each(INPUTS)('%s: each text field with a NUL is refused in Spanish (PostgreSQL cannot store it)', (_name, schema, body) => {
    const textFields = Object.entries(body).filter(([field, value]) => typeof value === 'string' && !CHOICES.has(field));
    expect(textFields.length).toBeGreaterThan(0);
    for (const [field, value] of textFields) {
      const result = schema.safeParse({ ...body, [field]: `${String(value)}\u0000` });
      expect(result.success, field).toBe(false);
      const messages = result.error?.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
      expect(messages, field).toContain(NUL_CHARACTER_MESSAGE);
    }
  });
});
