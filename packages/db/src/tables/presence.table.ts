/** Row type of presence: the live connections open on every replica. */
import type { ColumnType } from 'kysely';
import type { CreatedAt } from './users.table.js';

export interface LiveConnectionsTable {
  id: string;
  user_id: number;
  replica_id: string;
  opened_at: CreatedAt;
  heartbeat_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
