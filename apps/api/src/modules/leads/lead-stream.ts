/**
 * Every lead of a filter as a stream, for the answers that hold them all (the spec's unparametrised
 * `GET /api/leads` and the CSV export): read in keyset pages, each its own short query, so memory
 * stays flat and no query holds a connection long.
 * One session reads one such stream at a time and the replica at most two: eight parallel
 * downloads of every lead take their turns instead of sharing the database eight ways. Each stream
 * rests between its pages, so it never takes the machine from the people using it.
 */
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { type LeadFilters, listLeads } from '@crm/db';
import type { LeadListItem } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { KeyedSemaphore } from '../../http/keyed-semaphore.js';
import { requirePermission } from '../../require-permission.js';
import { leadReaderOf } from './lead-reader.js';

/** Small enough that a page's rows are parsed and written out in a few milliseconds of this thread. */
const STREAM_PAGE_SIZE = 200;
/**
 * After each page a stream rests this many times as long as the page cost (pageWorkMs). Reading every
 * lead at full speed keeps a core busy between the database, this thread and the compression of the
 * answer, and on a small machine the other users' requests queue behind it (bench:abuse): resting
 * leaves them most of the time, and a download of every lead takes about twice as long.
 */
const STREAM_REST_FACTOR = 2;
/**
 * What a page cost: the database's time to read it (its wall time: the server's CPU is not ours to
 * count) or, if more, this process's CPU time until the page was written out (the JSON or CSV, and
 * the answer's compression on libuv's threads). A reader that is slow to take the page costs nothing.
 */
function pageWorkMs(readingMs: number, cpu: NodeJS.CpuUsage): number {
  return Math.max(readingMs, (cpu.user + cpu.system) / 1000);
}

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
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const page = await listLeads(ctx.db, filters, { limit: STREAM_PAGE_SIZE, cursor });
      const reading = performance.now() - started;
      if (page.items.length > 0) yield page.items;
      cursor = page.nextCursor ?? undefined;
      if (cursor) await sleep(pageWorkMs(reading, process.cpuUsage(cpuBefore)) * STREAM_REST_FACTOR);
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
