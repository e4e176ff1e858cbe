/** Row types of the second factor, sign-in challenges, 2FA requirements per role and password reset links. */
import type { Generated } from 'kysely';
import type { CreatedAt } from './users.table.js';

/** One per user: unconfirmed while enrolling (confirmed_at null), the factor once confirmed. */
export interface UserSecondFactorsTable {
  user_id: number;
  /** Base32 TOTP secret; never leaves the server after enrolment. */
  secret: string;
  confirmed_at: Date | null;
  /** The last TOTP time step accepted: a code of that step or an earlier one is a replay. */
  last_used_step: number | null;
  created_at: CreatedAt;
}

export interface SecondFactorRecoveryCodesTable {
  user_id: number;
  code_hash: string;
  used_at: Date | null;
}

/** Between a right password and the code: the token's hash, whose sign-in it continues, until when. */
export interface LoginChallengesTable {
  id: string;
  user_id: number;
  expires_at: Date;
  created_at: CreatedAt;
}

/** A row per role that requires a second factor: a system role or a custom role, never both. */
export interface TwoFactorRequirementsTable {
  id: Generated<number>;
  system_role: 'admin' | 'manager' | 'team_member' | null;
  custom_role_id: number | null;
}

export interface PasswordResetLinksTable {
  id: string;
  user_id: number;
  created_by: number | null;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}
