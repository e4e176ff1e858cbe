/** Row types of the webhook endpoints and their deliveries, the outbox (migration 2026-11-27T1700). */
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './users.table.js';

export interface WebhookEndpointsTable {
  id: Generated<number>;
  url: string;
  description: Generated<string>;
  events: string[];
  /** The Standard Webhooks secret, `whsec_` and base64. */
  secret: string;
  /** After a rotation the old secret signs too, until `previous_secret_until`, so receivers can switch without losing a message. */
  previous_secret: string | null;
  previous_secret_until: Date | null;
  paused: Generated<boolean>;
  paused_reason: string | null;
  failing_since: Date | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface WebhookDeliveriesTable {
  /** bigserial: read back as a number (a log never reaches 2^53 rows). */
  id: ColumnType<number, never, never>;
  /** The `webhook-id` header: one per event, the same for every endpoint, retry and resend. */
  event_id: string;
  endpoint_id: number;
  event_type: string;
  /** The ordering key: a lead's deliveries to an endpoint go one at a time, oldest first. */
  lead_id: number | null;
  /** The whole message body, `{ type, timestamp, data }`, as it was when the change committed. */
  payload: ColumnType<unknown, string, string>;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  give_up_at: Generated<Date>;
  /** Set while a replica sends it: another replica leaves it alone until then (or takes it if that one died). */
  leased_until: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  duration_ms: number | null;
  last_attempt_at: Date | null;
  delivered_at: Date | null;
  created_at: CreatedAt;
}
