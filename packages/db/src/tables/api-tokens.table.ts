/** Row types of API tokens and their per-minute request counters (migration 2026-11-27T1700). */
import type { Generated } from 'kysely';
import type { CreatedAt } from './users.table.js';

export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** SHA-256 (hex) of the secret; the secret itself is never stored. */
  token_hash: string;
  scope: 'read' | 'write';
  expires_at: Date | null;
  created_at: CreatedAt;
  last_used_at: Date | null;
  last_used_ip: string | null;
  revoked_at: Date | null;
}

/** One fixed one-minute window per token: when it began and the requests counted in it. */
export interface ApiTokenUsageTable {
  token_id: number;
  window_start: Date;
  used: number;
}
