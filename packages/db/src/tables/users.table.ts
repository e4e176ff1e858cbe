/** Row types of the people tables: users, their photos, sessions and sign-in attempts. */
import type { ColumnType, Generated } from 'kysely';

export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string | null;
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  system_role: ColumnType<'admin' | 'manager' | 'team_member', 'admin' | 'manager' | 'team_member' | undefined>;
  /** The one team the person belongs to (migration 2026-11-27T2050); a manager belongs to the team he leads. */
  team_id: number | null;
  phone: string | null;
  bio: string | null;
  last_seen_at: Date | null;
  /** Set when the user is deleted: the row stays for history, the person leaves every list. */
  deactivated_at: Date | null;
  /** 'Disponible para asignación' (migration 1600): automatic distribution skips whoever is not. */
  available: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A team (migration 2026-11-27T2050): its manager leads it; members point at it from users.team_id. */
export interface TeamsTable {
  id: Generated<number>;
  name: string;
  manager_id: number;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProfileImagesTable {
  user_id: number;
  content_type: string;
  data: Uint8Array;
  etag: string;
  updated_at: UpdatedAt;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: CreatedAt;
  last_seen_at: UpdatedAt;
  expires_at: Date;
  ip: string | null;
  user_agent: string | null;
}

/** One row per (account, address): the times of its attempts still inside the throttle window. */
export interface LoginAttemptsTable {
  account_key: string;
  ip: string;
  attempted_at: Date[];
}
