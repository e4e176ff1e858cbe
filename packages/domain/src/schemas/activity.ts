/** The dashboard's 'Actividad Reciente' entries, written by the server as things happen. */
import { z } from 'zod';

export const ACTIVITY_TYPES = [
  'lead_created',
  'lead_converted',
  'message_sent',
  'group_created',
  'lead_contacted',
  'user_created',
  'lead_deleted',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const activitySchema = z.object({
  id: z.number(),
  /** One of ACTIVITY_TYPES when written today; any other stored value gets the default look. */
  type: z.string(),
  /** A ready-to-show Spanish sentence, e.g. 'Ana López creó el lead Clínica Sol'. */
  description: z.string(),
  createdAt: z.date(),
});
export type Activity = z.infer<typeof activitySchema>;
