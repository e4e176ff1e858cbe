/** Conversation tracking records and the 'Seguimiento de Conversación' form (rules in docs/leads.md). */
import { z } from 'zod';
import { DEFAULT_PROGRESS_LEVEL, PROGRESS_LEVELS } from '../leads/progress.js';
import { LIMITS, idSchema, isoDateSchema, optionalText } from './common.js';

export const progressLevelSchema = z.enum(PROGRESS_LEVELS, { message: 'Nivel de progreso inválido' });

export const trackingRecordSchema = z.object({
  id: z.number(),
  leadId: z.number(),
  progressLevel: progressLevelSchema,
  messagesFromLead: z.number().int().min(0),
  messagesToLead: z.number().int().min(0),
  /** Calls registered with 'Registrar llamada' (read-only: only that action counts them). */
  calls: z.number().int().min(0),
  hasResponded: z.boolean(),
  /** 'YYYY-MM-DD': a calendar day, so it never moves with the viewer's time zone. */
  lastContactDate: z.string(),
  notes: z.string().nullable(),
});
export type TrackingRecord = z.infer<typeof trackingRecordSchema>;

/**
 * Reads a count the way a number field does: '' or text that is not a number becomes 0
 * (the form's rule), '7' and '7.9' become 7 (parseInt's reading); a negative count is still refused.
 */
export function toMessageCount(value: unknown): unknown {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 0;
  if (typeof value === 'string') {
    const parsed = Number.parseInt(value.trim(), 10);
    return Number.isNaN(parsed) ? 0 : parsed;
  }
  return value === undefined || value === null ? 0 : value;
}

/** Counts are PostgreSQL integers: a larger number would fail in the database as a 500. */
export const MAX_MESSAGE_COUNT = 2_147_483_647;

const messageCountSchema = z.preprocess(
  toMessageCount,
  z
    .number()
    .min(0, { message: 'Debe ser un número mayor o igual a 0' })
    .max(MAX_MESSAGE_COUNT, { message: 'Debe ser un número menor o igual a 2.147.483.647' })
    .int(),
);

/** A record's own fields, without the defaults a new record gets. */
const trackingFields = {
  progressLevel: progressLevelSchema,
  messagesFromLead: messageCountSchema,
  messagesToLead: messageCountSchema,
  hasResponded: z.boolean(),
  lastContactDate: isoDateSchema('Fecha requerida'),
  notes: optionalText(LIMITS.longText),
};

export const trackingFormSchema = z.object({
  leadId: idSchema,
  ...trackingFields,
  progressLevel: trackingFields.progressLevel.default(DEFAULT_PROGRESS_LEVEL),
  hasResponded: trackingFields.hasResponded.default(false),
});
export type TrackingFormInput = z.input<typeof trackingFormSchema>;
export type TrackingForm = z.output<typeof trackingFormSchema>;

/** An update changes only the fields it names (no defaults fill the others); the lead of a record never changes. */
export const updateTrackingSchema = z.object(trackingFields).partial();
export type UpdateTrackingInput = z.input<typeof updateTrackingSchema>;

/** The list, narrowed to some leads: a query string sends one id as text, several as repeated `leadIds`. */
export const trackingListQuerySchema = z
  .object({
    leadIds: z
      .preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(idSchema).max(1000, { message: 'Máximo 1000 leads' }))
      .optional(),
  })
  .default({});
