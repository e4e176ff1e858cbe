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
  /** Which leads its members see (migration 2026-11-27T2050): the narrowest of a person's roles applies. */
  lead_visibility: Generated<LeadVisibilityColumn>;
}

export type LeadVisibilityColumn = 'all' | 'team' | 'own';

/** A system role's lead visibility (migration 2026-11-27T2050), one row per role. */
export interface RoleLeadVisibilityTable {
  system_role: 'admin' | 'manager' | 'team_member';
  lead_visibility: LeadVisibilityColumn;
}

export interface UserCustomRolesTable {
  id: Generated<number>;
  user_id: number;
  role_id: number;
  created_at: CreatedAt;
}
