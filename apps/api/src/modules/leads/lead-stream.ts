/**
 * Every lead of a filter as a stream, for the answers that hold them all (the spec's unparametrised
 * `GET /api/leads` and the CSV export): read in keyset pages, each its own short query, so memory
 * stays flat and no query holds a connection long.
 * One session reads one such stream at a time and the replica at most two: eight parallel
 * downloads of every lead take their turns instead of sharing the database eight ways.
 */
import { Readable } from 'node:stream';
import { type LeadFilters, listLeads } from '@crm/db';
import type { LeadListItem } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { KeyedSemaphore } from '../../http/keyed-semaphore.js';
import { requirePermission } from '../../require-permission.js';
import { leadReaderOf } from './lead-reader.js';

/** Small enough that a page's rows are parsed and written out in a few milliseconds of this thread. */
const STREAM_PAGE_SIZE = 200;

const streamsPerSession = new KeyedSemaphore(1, Number.POSITIVE_INFINITY);
const streamsPerReplica = new KeyedSemaphore(2, Number.POSITIVE_INFINITY);
const REPLICA = 'replica';

/** Newest first, page after page; a reader that stops (a client gone) stops the queries too. */
export async function* leadPages(ctx: ServiceContext, filters: LeadFilters): AsyncGenerator<LeadListItem[]> {
  // Waiting is bounded by the session gate (http/session-concurrency.ts): a session has few calls in flight.
  const releaseSession = await streamsPerSession.acquire(ctx.viewer.sessionId);
  const releaseReplica = await streamsPerReplica.acquire(REPLICA);
  try {
    let cursor;
    do {
      const page = await listLeads(ctx.db, filters, { limit: STREAM_PAGE_SIZE, cursor });
      if (page.items.length > 0) yield page.items;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  } finally {
    releaseReplica?.();
    releaseSession?.();
  }
}

/** The same bytes JSON.stringify(array) would give, written page by page. */
async function* jsonArrayChunks(pages: AsyncIterable<readonly unknown[]>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const items of pages) {
    yield (first ? '' : ',') + items.map((item) => JSON.stringify(item)).join(',');
    first = false;
  }
  yield ']';
}

/** The spec's `GET /api/leads` without parameters: every lead, one JSON array, streamed. */
export function streamAllLeads(ctx: ServiceContext): Readable {
  requirePermission(ctx, 'lead.read');
  return Readable.from(jsonArrayChunks(everyVisibleLead(ctx)));
}

async function* everyVisibleLead(ctx: ServiceContext): AsyncGenerator<LeadListItem[]> {
  yield* leadPages(ctx, { reader: await leadReaderOf(ctx) });
}
