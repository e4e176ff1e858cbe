/** The Team screen's 'Agregar Miembro' form and how its full name splits (spec §5). */
import { z } from 'zod';
import { LIMITS, emailSchema, optionalText, passwordSchema, requiredText } from './common.js';
import { systemRoleInputSchema } from './user.js';

export const addMemberSchema = z
  .object({
    fullName: requiredText('El nombre completo es requerido', LIMITS.name),
    email: emailSchema,
    password: passwordSchema,
    role: systemRoleInputSchema.default('team_member'),
    teamName: optionalText(LIMITS.shortText),
  })
  .superRefine((value, ctx) => {
    if (value.role === 'manager' && !value.teamName) {
      ctx.addIssue({
        code: 'custom',
        path: ['teamName'],
        message: 'El nombre del equipo es requerido para managers',
      });
    }
  });
export type AddMemberInput = z.input<typeof addMemberSchema>;
export type AddMember = z.output<typeof addMemberSchema>;

/** First word is the first name, the rest (possibly empty) the last name. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const trimmed = fullName.trim();
  const match = /^(\S+)\s+([\s\S]*)$/.exec(trimmed);
  if (!match) return { firstName: trimmed, lastName: '' };
  return { firstName: match[1] ?? '', lastName: (match[2] ?? '').trim() };
}
