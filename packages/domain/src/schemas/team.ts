/** The Team screen's 'Agregar Miembro' form and how its full name splits. */
import { z } from 'zod';
import { LIMITS, emailSchema, optionalText, passwordSchema, requiredText } from './common.js';
import { systemRoleInputSchema, userSchema } from './user.js';

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

/** A row of the Team screen: the user, their lead figures and their presence. */
export const teamMemberSchema = userSchema.extend({
  assigned: z.number().int().min(0),
  converted: z.number().int().min(0),
  /** Percentage, one decimal (conversionRate()). */
  conversionRate: z.number(),
  /** A live connection is open right now: the 'Estado' column's En línea / Desconectado. */
  online: z.boolean(),
  /** Last request seen from the user; 'Activos Hoy' counts those seen today. */
  lastSeenAt: z.date().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** Whether `lastSeenAt` falls on the same local calendar day as `now` ('Activos Hoy'). */
export function seenToday(lastSeenAt: Date | null, now: Date = new Date()): boolean {
  return (
    lastSeenAt !== null &&
    lastSeenAt.getFullYear() === now.getFullYear() &&
    lastSeenAt.getMonth() === now.getMonth() &&
    lastSeenAt.getDate() === now.getDate()
  );
}
