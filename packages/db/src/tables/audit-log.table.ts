import type { ColumnType, Generated } from 'kysely';

/** One audited action: who (and with which token), from where, what, on what; never changed. */
export interface AuditLogTable {
  id: Generated<number>;
  at: ColumnType<Date, Date | undefined, never>;
  actor_id: number | null;
  actor_name: string | null;
  api_token_id: number | null;
  ip: string | null;
  action: string;
  /** The action in Spanish, as its endpoint declares it. */
  summary: string | null;
  target_type: string | null;
  target_id: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, never>;
}
