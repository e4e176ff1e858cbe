/**
 * Webhook endpoints and the delivery outbox: rows written beside the change they announce, claimed
 * by the sender one lead's queue head at a time, and the log the 'Webhooks' screen reads.
 */
import { type Selectable, type Updateable, sql } from 'kysely';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../tables/webhooks.table.js';
import type { DbOrTrx } from '../types.js';

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

export async function insertWebhookEndpoint(
  db: DbOrTrx,
  values: { url: string; description: string; events: string[]; secret: string; createdBy: number },
): Promise<WebhookEndpointRow> {
  return db
    .insertInto('webhook_endpoints')
    .values({
      url: values.url,
      description: values.description,
      events: values.events,
      secret: values.secret,
      created_by: values.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listWebhookEndpoints(db: DbOrTrx): Promise<WebhookEndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute();
}

export async function countWebhookEndpoints(db: DbOrTrx): Promise<number> {
  const { count } = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function findWebhookEndpoint(db: DbOrTrx, id: number): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Serialises creations, so parallel ones cannot pass the endpoint limit together. */
export async function lockWebhookEndpoints(trx: DbOrTrx): Promise<void> {
  await sql`lock table webhook_endpoints in share row exclusive mode`.execute(trx);
}

export async function updateWebhookEndpoint(
  db: DbOrTrx,
  id: number,
  changes: Updateable<WebhookEndpointsTable>,
): Promise<WebhookEndpointRow | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteWebhookEndpoint(db: DbOrTrx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A resumed endpoint: what waited is due now. */
export async function makePendingDeliveriesDue(db: DbOrTrx, endpointId: number): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: new Date() })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
}

/** The running endpoints subscribed to an event type (a handful of rows: no index needed). */
export async function listSubscribedEndpointIds(db: DbOrTrx, eventType: string): Promise<number[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('paused', '=', false)
    .where(sql<boolean>`${eventType} = any(events)`)
    .execute();
  return rows.map((row) => row.id);
}

export interface NewWebhookDelivery {
  eventId: string;
  endpointId: number;
  eventType: string;
  leadId: number | null;
  payload: string;
}

/** Rows per insert statement: well under PostgreSQL's parameter limit. */
const INSERT_CHUNK = 1000;

export async function insertWebhookDeliveries(db: DbOrTrx, rows: readonly NewWebhookDelivery[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db
      .insertInto('webhook_deliveries')
      .values(
        rows.slice(start, start + INSERT_CHUNK).map((row) => ({
          event_id: row.eventId,
          endpoint_id: row.endpointId,
          event_type: row.eventType,
          lead_id: row.leadId,
          payload: row.payload,
        })),
      )
      .execute();
  }
}

export async function listWebhookDeliveries(
  db: DbOrTrx,
  endpointId: number,
  query: { status?: 'pending' | 'delivered' | 'failed'; before?: number; limit: number },
): Promise<WebhookDeliveryRow[]> {
  let select = db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId);
  if (query.status) select = select.where('status', '=', query.status);
  if (query.before !== undefined) select = select.where('id', '<', query.before);
  return select.orderBy('id', 'desc').limit(query.limit).execute();
}

export async function findWebhookDelivery(db: DbOrTrx, id: number): Promise<WebhookDeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** 'Reenviar': the same message (same webhook-id) due now, with a fresh 24 hours of retries. */
export async function resendWebhookDelivery(db: DbOrTrx, id: number): Promise<WebhookDeliveryRow | undefined> {
  return db
    .updateTable('webhook_deliveries')
    .set({
      status: 'pending',
      next_attempt_at: sql<Date>`now()`,
      give_up_at: sql<Date>`now() + interval '24 hours'`,
      leased_until: null,
      delivered_at: null,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** A claimed delivery with what sending it needs. */
export interface ClaimedWebhookDelivery {
  id: number;
  eventId: string;
  endpointId: number;
  payload: unknown;
  attempts: number;
  url: string;
  secrets: string[];
}

/**
 * Takes up to `limit` deliveries that are due and are the head of their lead's queue (no earlier
 * pending delivery of the same lead to the same endpoint), leasing each for `leaseSeconds`: the
 * next delivery of a lead becomes the head only once this one is delivered or given up, so a
 * lead's events arrive in the order their changes committed. SKIP LOCKED and the lease keep two
 * replicas from taking the same row; a lease that runs out (its replica died) frees the row again.
 */
export async function claimWebhookDeliveries(db: DbOrTrx, limit: number, leaseSeconds: number): Promise<ClaimedWebhookDelivery[]> {
  const result = await sql<{
    id: number;
    event_id: string;
    endpoint_id: number;
    payload: unknown;
    attempts: number;
    url: string;
    secret: string;
    previous_secret: string | null;
  }>`
    with claimed as (
      update webhook_deliveries d
      set leased_until = now() + make_interval(secs => ${leaseSeconds}), attempts = d.attempts + 1, last_attempt_at = now()
      where d.id in (
        select d2.id
        from webhook_deliveries d2
        join webhook_endpoints e on e.id = d2.endpoint_id and not e.paused
        where d2.status = 'pending'
          and d2.next_attempt_at <= now()
          and (d2.leased_until is null or d2.leased_until < now())
          and (d2.lead_id is null or not exists (
            select 1 from webhook_deliveries earlier
            where earlier.endpoint_id = d2.endpoint_id and earlier.lead_id = d2.lead_id
              and earlier.status = 'pending' and earlier.id < d2.id))
        order by d2.next_attempt_at, d2.id
        limit ${limit}
        for update of d2 skip locked
      )
      returning d.id, d.event_id, d.endpoint_id, d.payload, d.attempts
    )
    select claimed.*, e.url, e.secret,
      case when e.previous_secret_until > now() then e.previous_secret end as previous_secret
    from claimed join webhook_endpoints e on e.id = claimed.endpoint_id
    order by claimed.id`.execute(db);
  return result.rows.map((row) => ({
    id: row.id,
    eventId: row.event_id,
    endpointId: row.endpoint_id,
    payload: row.payload,
    attempts: row.attempts,
    url: row.url,
    secrets: row.previous_secret ? [row.secret, row.previous_secret] : [row.secret],
  }));
}

export interface DeliveryAttempt {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** A 2xx: the delivery is done, and its endpoint is no longer failing. */
export async function recordWebhookDelivered(
  db: DbOrTrx,
  delivery: { id: number; endpointId: number },
  attempt: DeliveryAttempt,
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: 'delivered',
      delivered_at: sql<Date>`now()`,
      leased_until: null,
      last_status_code: attempt.statusCode,
      last_error: null,
      duration_ms: attempt.durationMs,
    })
    .where('id', '=', delivery.id)
    .execute();
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: null })
    .where('id', '=', delivery.endpointId)
    .where('failing_since', 'is not', null)
    .execute();
}

/**
 * A failed try: due again after `retryInSeconds`, or given up ('failed') when that would pass its
 * 24 hours. The endpoint is failing since its first failure after a success. Answers whether the
 * endpoint has now failed for `pauseAfterHours` and was paused by this call (once, whatever the replicas).
 */
export async function recordWebhookFailure(
  db: DbOrTrx,
  delivery: { id: number; endpointId: number },
  attempt: DeliveryAttempt,
  retryInSeconds: number,
  pause: { afterHours: number; reason: string },
): Promise<{ paused: WebhookEndpointRow | undefined }> {
  await sql`
    update webhook_deliveries
    set status = case when now() + make_interval(secs => ${retryInSeconds}) > give_up_at then 'failed' else 'pending' end,
      next_attempt_at = now() + make_interval(secs => ${retryInSeconds}),
      leased_until = null,
      last_status_code = ${attempt.statusCode},
      last_error = ${attempt.error},
      duration_ms = ${attempt.durationMs}
    where id = ${delivery.id}`.execute(db);
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: sql<Date>`now()` })
    .where('id', '=', delivery.endpointId)
    .where('failing_since', 'is', null)
    .execute();
  const paused = await db
    .updateTable('webhook_endpoints')
    .set({ paused: true, paused_reason: pause.reason, updated_at: new Date() })
    .where('id', '=', delivery.endpointId)
    .where('paused', '=', false)
    .where('failing_since', '<=', sql<Date>`now() - make_interval(hours => ${pause.afterHours})`)
    .returningAll()
    .executeTakeFirst();
  return { paused };
}

/** When the earliest delivery of a running endpoint waiting for a later time (a retry) becomes due, if any. */
export async function nextWebhookAttemptAt(db: DbOrTrx): Promise<Date | undefined> {
  const row = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select((eb) => eb.fn.min('d.next_attempt_at').as('at'))
    .where('d.status', '=', 'pending')
    .where('d.next_attempt_at', '>', sql<Date>`now()`)
    .where('e.paused', '=', false)
    .executeTakeFirst();
  return row?.at ? new Date(row.at) : undefined;
}

/** Keeps the log bounded: finished deliveries older than `before` go, a batch at a time. Answers how many went. */
export async function pruneWebhookDeliveries(db: DbOrTrx, before: Date, limit: number): Promise<number> {
  const result = await sql`
    delete from webhook_deliveries where id in (
      select id from webhook_deliveries where status <> 'pending' and created_at < ${before} limit ${limit})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
