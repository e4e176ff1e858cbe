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
}

export interface UserCustomRolesTable {
  id: Generated<number>;
  user_id: number;
  role_id: number;
  created_at: CreatedAt;
}
