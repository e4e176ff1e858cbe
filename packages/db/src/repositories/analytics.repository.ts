/**
 * Dashboard and analytics figures, every count computed by the database in one pass
 * (never by loading leads). Definitions:
 * - assigned / contacted / converted of a member: leads assigned to them, of which the status is
 *   one of CONTACTED_STATUSES / is convertido (the analytics report counts only leads created in its period);
 * - trends: leads created (created_at) and conversions (converted_at) in [now − 30 days, now)
 *   against [now − 60 days, now − 30 days);
 * - per month: leads created and conversions in that calendar month of `timeZone`, inside the period.
 */
import {
  CONTACTED_STATUSES,
  conversionRate,
  fullName,
  initials,
  type PerformanceEntry,
  revenueFor,
  TREND_WINDOW_DAYS,
} from '@crm/domain';
import { sql } from 'kysely';
import type { DbOrTrx } from '../types.js';

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

/** The four dashboard cards' raw figures: one scan of leads, one of users. */
export async function dashboardCounts(db: DbOrTrx, now: Date = new Date()): Promise<DashboardCounts> {
  const windowStart = new Date(now.getTime() - TREND_WINDOW_DAYS * DAY_MS);
  const previousStart = new Date(now.getTime() - 2 * TREND_WINDOW_DAYS * DAY_MS);
  const activeSince = new Date(now.getTime() - ACTIVE_WINDOW_MS);

  const leads = await db
    .selectFrom('leads')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.countAll<number>().filterWhere('status', '=', 'convertido').as('converted'),
      eb.fn
        .countAll<number>()
        .filterWhere((f) => f.and([f('created_at', '>=', windowStart), f('created_at', '<', now)]))
        .as('created_window'),
      eb.fn
        .countAll<number>()
        .filterWhere((f) => f.and([f('created_at', '>=', previousStart), f('created_at', '<', windowStart)]))
        .as('created_previous'),
      eb.fn
        .countAll<number>()
        .filterWhere((f) =>
          f.and([f('status', '=', 'convertido'), f('converted_at', '>=', windowStart), f('converted_at', '<', now)]),
        )
        .as('converted_window'),
      eb.fn
        .countAll<number>()
        .filterWhere((f) =>
          f.and([
            f('status', '=', 'convertido'),
            f('converted_at', '>=', previousStart),
            f('converted_at', '<', windowStart),
          ]),
        )
        .as('converted_previous'),
    ])
    .executeTakeFirstOrThrow();

  const users = await db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.countAll<number>().filterWhere('last_seen_at', '>=', activeSince).as('active'),
    ])
    .executeTakeFirstOrThrow();

  return {
    totalLeads: Number(leads.total),
    convertedLeads: Number(leads.converted),
    createdInWindow: Number(leads.created_window),
    createdInPreviousWindow: Number(leads.created_previous),
    convertedInWindow: Number(leads.converted_window),
    convertedInPreviousWindow: Number(leads.converted_previous),
    teamMembers: Number(users.total),
    activeMembers: Number(users.active),
  };
}

/**
 * One entry per member with at least one assigned lead (created in `range` when given), best
 * first: most conversions, then highest rate, then name.
 */
export async function listPerformance(db: DbOrTrx, range?: DateRange): Promise<PerformanceEntry[]> {
  let perAssignee = db
    .selectFrom('leads')
    .select((eb) => [
      'assigned_to',
      eb.fn.countAll<number>().as('assigned'),
      eb.fn.countAll<number>().filterWhere('status', 'in', [...CONTACTED_STATUSES]).as('contacted'),
      eb.fn.countAll<number>().filterWhere('status', '=', 'convertido').as('converted'),
    ])
    .where('assigned_to', 'is not', null)
    .groupBy('assigned_to');
  if (range) {
    perAssignee = perAssignee.where('created_at', '>=', range.from).where('created_at', '<', range.to);
  }

  const rows = await db
    .selectFrom(perAssignee.as('p'))
    .innerJoin('users', 'users.id', 'p.assigned_to')
    .select(['users.id', 'users.first_name', 'users.last_name', 'p.assigned', 'p.contacted', 'p.converted'])
    .execute();

  const entries = rows.map((row): PerformanceEntry => {
    const assigned = Number(row.assigned);
    const converted = Number(row.converted);
    return {
      id: row.id,
      name: fullName(row.first_name, row.last_name),
      initials: initials(row.first_name, row.last_name),
      assigned,
      contacted: Number(row.contacted),
      converted,
      revenue: revenueFor(converted),
      conversionRate: conversionRate(converted, assigned),
    };
  });
  return entries.sort(
    (a, b) => b.converted - a.converted || b.conversionRate - a.conversionRate || a.name.localeCompare(b.name, 'es'),
  );
}

export interface MonthCount {
  /** 'YYYY-MM' in the time zone asked for. */
  month: string;
  count: number;
}

/** Leads created per calendar month of `timeZone` inside `range`. */
export async function countCreatedByMonth(db: DbOrTrx, range: DateRange, timeZone: string): Promise<MonthCount[]> {
  const month = sql<string>`to_char(created_at at time zone ${timeZone}, 'YYYY-MM')`;
  const rows = await db
    .selectFrom('leads')
    .select((eb) => [month.as('month'), eb.fn.countAll<number>().as('count')])
    .where('created_at', '>=', range.from)
    .where('created_at', '<', range.to)
    // By position: the time zone is a parameter, so a repeated expression would not match the select's.
    .groupBy(sql`1`)
    .execute();
  return rows.map((row) => ({ month: row.month, count: Number(row.count) }));
}

/** Conversions (status convertido, by converted_at) per calendar month of `timeZone` inside `range`. */
export async function countConvertedByMonth(db: DbOrTrx, range: DateRange, timeZone: string): Promise<MonthCount[]> {
  const month = sql<string>`to_char(converted_at at time zone ${timeZone}, 'YYYY-MM')`;
  const rows = await db
    .selectFrom('leads')
    .select((eb) => [month.as('month'), eb.fn.countAll<number>().as('count')])
    .where('status', '=', 'convertido')
    .where('converted_at', '>=', range.from)
    .where('converted_at', '<', range.to)
    .groupBy(sql`1`)
    .execute();
  return rows.map((row) => ({ month: row.month, count: Number(row.count) }));
}
