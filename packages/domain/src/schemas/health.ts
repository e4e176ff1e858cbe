/** GET /api/health's answer: ok once the database answers, an error (503) while it does not. */
import { z } from 'zod';

export const DATABASE_DOWN_MESSAGE = 'Base de datos no disponible';

export const healthSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok') }),
  z.object({ status: z.literal('error'), message: z.string() }),
]);
export type Health = z.infer<typeof healthSchema>;
