/**
 * Dashboard and analytics figures, every count computed by the database in one pass
 * (never by loading leads). Definitions:
 * - assigned / contacted / converted of a member: leads assigned to them, of which the status is
 *   one of CONTACTED_STATUSES / is convertido (the analytics report counts only leads created in its period);
 * - trends: leads created (created_at) and conversions (converted_at) in [now − 30 days, now)
 *   against [now − 60 days, now − 30 days);
 * - per range (a report's months): leads created, conversions (converted_at), and leads created
 *   in it that are convertido now (the cohort the month's conversion rate is computed on).
 */
import { CONTACTED_STATUSES, type MemberLeadCounts, TREND_WINDOW_DAYS } from '@crm/domain';
import { type SqlBool, sql } from 'kysely';
import type { DbOrTrx } from '../types.js';
import { type LeadValuation, leadValueSum } from './lead-values.repository.js';
import { IN_VISIBLE_GROUP } from './leads.repository.js';

const DAY_MS = 86_400_000;
const ACTIVE_WINDOW_MS = DAY_MS;

export interface DashboardCounts {
  totalLeads: number;
  convertedLeads: number;
  createdInWindow: number;
  createdInPreviousWindow: number;
  convertedInWindow: number;
  convertedInPreviousWindow: number;
  teamMembers: number;
  activeMembers: number;
}

export interface DateRange {
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
}

/**
 * The four dashboard cards' raw figures. Each count is its own scalar subquery so each reads
 * the narrowest index (created_at, converted_at of converted leads, status) rather than every row.
 */
/** `assignedTo`: only that person's leads (a seller's own dashboard); the team counts stay the team's. */
export async function dashboardCounts(db: DbOrTrx, now: Date = new Date(), assignedTo?: number): Promise<DashboardCounts> {
  const windowStart = new Date(now.getTime() - TREND_WINDOW_DAYS * DAY_MS);
  const previousStart = new Date(now.getTime() - 2 * TREND_WINDOW_DAYS * DAY_MS);
  const activeSince = new Date(now.getTime() - ACTIVE_WINDOW_MS);
  const leads = () =>
    db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(IN_VISIBLE_GROUP)
      .$if(assignedTo !== undefined, (query) => query.where('assigned_to', '=', assignedTo ?? 0));
  const converted = () => leads().where('status', '=', 'convertido');

  const row = await db
    .selectNoFrom([
      leads().as('total'),
      converted().as('converted'),
      leads().where('created_at', '>=', windowStart).where('created_at', '<', now).as('created_window'),
      leads().where('created_at', '>=', previousStart).where('created_at', '<', windowStart).as('created_previous'),
      converted().where('converted_at', '>=', windowStart).where('converted_at', '<', now).as('converted_window'),
      converted().where('converted_at', '>=', previousStart).where('converted_at', '<', windowStart).as('converted_previous'),
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .as('members'),
      // Seen: the presence stamp, or a session used (or opened: sign-in does not stamp users) in the window.
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where((eb) =>
          eb.or([
            eb('last_seen_at', '>=', activeSince),
            eb.exists(
              eb
                .selectFrom('sessions')
                .select('sessions.id')
                .whereRef('sessions.user_id', '=', 'users.id')
                .where('sessions.last_seen_at', '>=', activeSince),
            ),
          ]),
        )
        .as('active'),
    ])
    .executeTakeFirstOrThrow();

  return {
    totalLeads: Number(row.total),
    convertedLeads: Number(row.converted),
    createdInWindow: Number(row.created_window),
    createdInPreviousWindow: Number(row.created_previous),
    convertedInWindow: Number(row.converted_window),
    convertedInPreviousWindow: Number(row.converted_previous),
    teamMembers: Number(row.members),
    activeMembers: Number(row.active),
  };
}

/**
 * Per member with at least one assigned lead (created in `range` when given): assigned, contacted and
 * converted counts, and the revenue of those converted (lead-values.repository.ts).
 */
export async function countLeadsPerMember(db: DbOrTrx, valuation: LeadValuation, range?: DateRange): Promise<MemberLeadCounts[]> {
  let perAssignee = db
    .selectFrom('leads')
    .select((eb) => [
      leadValueSum(valuation, sql<SqlBool>`leads.status = 'convertido'`).as('revenue'),
      'assigned_to',
      eb.fn.countAll<number>().as('assigned'),
      eb.fn
        .countAll<number>()
        .filterWhere('status', 'in', [...CONTACTED_STATUSES])
        .as('contacted'),
      eb.fn.countAll<number>().filterWhere('status', '=', 'convertido').as('converted'),
    ])
    .where('assigned_to', 'is not', null)
    .where(IN_VISIBLE_GROUP)
    .groupBy('assigned_to');
  if (range) {
    perAssignee = perAssignee.where('created_at', '>=', range.from).where('created_at', '<', range.to);
  }

  const rows = await db
    .selectFrom(perAssignee.as('p'))
    .innerJoin('users', 'users.id', 'p.assigned_to')
    .select(['users.id', 'users.first_name', 'users.last_name', 'p.assigned', 'p.contacted', 'p.converted', 'p.revenue'])
    // A per-person list of the active team; a deactivated seller's conversions still count in every total.
    .where('users.deactivated_at', 'is', null)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    assigned: Number(row.assigned),
    contacted: Number(row.contacted),
    converted: Number(row.converted),
    revenue: row.revenue,
  }));
}

export interface BucketCount {
  /** Leads created (created_at) inside the bucket. */
  created: number;
  /** Conversions (status convertido, by converted_at) inside the bucket. */
  converted: number;
  /** Leads created inside the bucket whose status is convertido now. */
  createdAndConverted: number;
}

/**
 * Leads created, conversions, and created-then-converted inside each range (the months of a
 * report), in one statement: three index range counts per range, so the cost follows the rows in the period, with no
 * per-row date arithmetic and no time-zone handling in SQL (the caller cuts the ranges).
 */
export async function countLeadsInRanges(db: DbOrTrx, ranges: DateRange[]): Promise<BucketCount[]> {
  if (ranges.length === 0) return [];
  const count = () =>
    db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(IN_VISIBLE_GROUP);
  const row: Record<string, unknown> = await db
    .selectNoFrom(
      ranges.flatMap((range, index) => [
        count().where('created_at', '>=', range.from).where('created_at', '<', range.to).as(`created_${index}`),
        count()
          .where('status', '=', 'convertido')
          .where('converted_at', '>=', range.from)
          .where('converted_at', '<', range.to)
          .as(`converted_${index}`),
        count()
          .where('status', '=', 'convertido')
          .where('created_at', '>=', range.from)
          .where('created_at', '<', range.to)
          .as(`cohort_${index}`),
      ]),
    )
    .executeTakeFirstOrThrow();
  return ranges.map((_, index) => ({
    created: Number(row[`created_${index}`]),
    converted: Number(row[`converted_${index}`]),
    createdAndConverted: Number(row[`cohort_${index}`]),
  }));
}
