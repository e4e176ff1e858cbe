/** Row types of custom (specialization) roles and their assignment to users. */
import type { Generated } from 'kysely';
import type { CreatedAt } from './users.table.js';

export interface CustomRolesTable {
  id: Generated<number>;
  name: string;
  display_name: string;
  description: string | null;
  color: Generated<string>;
  created_at: CreatedAt;
  /** Migration 1600: how leads sent to the role are handed out. */
  distribution: Generated<'none' | 'round_robin' | 'least_busy'>;
  /** The member the rotation gave the last lead to (migration 1600). */
  last_assigned_user_id: number | null;
}

export interface UserCustomRolesTable {
  id: Generated<number>;
  user_id: number;
  role_id: number;
  created_at: CreatedAt;
}
