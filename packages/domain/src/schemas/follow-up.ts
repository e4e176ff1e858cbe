/** Follow-ups ('Seguimientos'): a lead, a due time, a short note and an owner (docs/leads.md, 'Seguimientos'). */
import { z } from 'zod';
import { leadStatusSchema } from './lead.js';
import { historyPersonSchema } from './lead-history.js';
import { clearableText, idSchema, optionalText } from './common.js';
import { instantAt, wallTime } from '../format/zoned-time.js';
import { FOLLOW_UP_IN_PAST, UPCOMING_DAYS, isPastDue } from '../settings/follow-up-times.js';

export const FOLLOW_UP_LIMITS = { note: 500, listSize: 500 } as const;

export const FOLLOW_UP_SCOPES = ['mine', 'team'] as const;
export type FollowUpScope = (typeof FOLLOW_UP_SCOPES)[number];
/** overdue: due before now; today: due from now to the end of today (in the team's time zone); upcoming: after today, within 7 days; all. */
export const FOLLOW_UP_DUE = ['overdue', 'today', 'upcoming', 'all'] as const;
export type FollowUpDue = (typeof FOLLOW_UP_DUE)[number];

export const followUpSchema = z.object({
  id: z.number(),
  leadId: z.number(),
  lead: z.object({ id: z.number(), name: z.string(), phone: z.string().nullable(), status: leadStatusSchema }),
  dueAt: z.date(),
  note: z.string().nullable(),
  owner: historyPersonSchema,
  doneAt: z.date().nullable(),
});
export type FollowUp = z.infer<typeof followUpSchema>;

/** A due time must be a real instant and not in the past (the form and the server refuse it alike). */
const dueAtSchema = z.coerce
  .date({ message: 'Fecha inválida' })
  .refine((date) => !Number.isNaN(date.getTime()), { message: 'Fecha inválida', abort: true })
  .refine((date) => !isPastDue(date), { message: FOLLOW_UP_IN_PAST });
const noteSchema = optionalText(FOLLOW_UP_LIMITS.note);

/** Query strings send text: 'true' / 'false' for done. */
const booleanQuery = z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean());

export const followUpListQuerySchema = z.object({
  scope: z.enum(FOLLOW_UP_SCOPES, { message: 'Ámbito inválido' }).default('mine'),
  due: z.enum(FOLLOW_UP_DUE, { message: 'Vencimiento inválido' }).default('all'),
  done: booleanQuery.optional(),
});
export type FollowUpListQuery = z.output<typeof followUpListQuerySchema>;
export type FollowUpListInput = z.input<typeof followUpListQuerySchema>;

export const createFollowUpSchema = z.object({
  leadId: idSchema,
  dueAt: dueAtSchema,
  note: noteSchema,
  /** Absent: the lead's assignee, else its creator, else the caller. */
  ownerId: idSchema.optional(),
});
export type CreateFollowUpInput = z.input<typeof createFollowUpSchema>;
export type CreateFollowUp = z.output<typeof createFollowUpSchema>;

export const updateFollowUpSchema = z.object({
  dueAt: dueAtSchema.optional(),
  note: clearableText(FOLLOW_UP_LIMITS.note),
  done: z.boolean().optional(),
});
export type UpdateFollowUp = z.output<typeof updateFollowUpSchema>;
export type UpdateFollowUpInput = z.input<typeof updateFollowUpSchema>;

export const followUpBadgeSchema = z.object({ count: z.number().int() });

/** The ends of 'today' and of 'upcoming' as instants, from the calendar day of `now` in the team's time zone. */
export function followUpWindows(now: Date, timeZone: string): { endOfToday: Date; endOfUpcoming: Date } {
  const today = wallTime(now, timeZone);
  const midnightAfter = (days: number) =>
    instantAt({ year: today.year, month: today.month, day: today.day + days, hour: 0, minute: 0 }, timeZone);
  return { endOfToday: midnightAfter(1), endOfUpcoming: midnightAfter(1 + UPCOMING_DAYS) };
}
