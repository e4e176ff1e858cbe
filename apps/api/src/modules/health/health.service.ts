/** Whether the database answers: what load balancers and Docker ask GET /api/health. */
import { DATABASE_DOWN_MESSAGE, type Health } from '@crm/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';

export async function checkHealth(ctx: AppContext): Promise<Health> {
  try {
    await sql`select 1`.execute(ctx.db);
    return { status: 'ok' };
  } catch (error) {
    ctx.log.error({ err: error }, 'health check: database unreachable');
    return { status: 'error', message: DATABASE_DOWN_MESSAGE };
  }
}
