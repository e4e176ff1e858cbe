/** Row types of team chat messages and the activity feed. */
import type { Generated } from 'kysely';
import type { CreatedAt } from './users.table.js';

export interface ChatMessagesTable {
  id: Generated<number>;
  sender_id: number;
  receiver_id: number;
  message: string;
  is_read: Generated<boolean>;
  read_at: Date | null;
  created_at: CreatedAt;
}

export interface ActivitiesTable {
  id: Generated<number>;
  type: string;
  description: string;
  user_id: number | null;
  lead_id: number | null;
  created_at: CreatedAt;
}
