/**
 * What leads are worth (docs/leads.md, 'Valor del trato'; CONTRACT §5), added up by the database in
 * exact numeric: a lead's value is its amount, or the team's value per conversion when it has none.
 * An amount in another currency than the team's is left out of a sum (no exchange rates are kept).
 */
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { LEAD_STATUSES, type PipelineColumnFigures } from '@crm/domain';
import type { DbOrTrx } from '../types.js';
import { type DateRange } from './analytics.repository.js';
import { IN_VISIBLE_GROUP, type LeadFilters, filterExpression } from './leads.repository.js';
import { type LeadReader, visibleLeadsCondition } from './lead-visibility.repository.js';

/** The team's figures a sum needs: its value per conversion ('1500.00') and its currency. */
export interface LeadValuation {
  defaultValue: string;
  currency: string;
}

/** One lead's value in the team's currency, or null (left out) when its amount is in another. */
function leadValue(valuation: LeadValuation): RawBuilder<string | null> {
  return sql<string | null>`case when leads.amount is null then ${valuation.defaultValue}::numeric
    when leads.currency = ${valuation.currency} then leads.amount end`;
}

/**
 * The sum of the values of the rows an aggregate sees (those `where` keeps, when given), as exact
 * text with two decimals ('0.00' for none).
 */
export function leadValueSum(valuation: LeadValuation, where?: Expression<SqlBool>): RawBuilder<string> {
  const filter = where ? sql` filter (where ${where})` : sql``;
  return sql<string>`round(coalesce(sum(${leadValue(valuation)})${filter}, 0), 2)::text`;
}

/** No leads are worth nothing, written as the sums are. */
const NO_VALUE = '0.00';

/**
 * The board's figures for every status at once, in the board's order: the count and value of the
 * leads `filters` matches (its status aside), in one pass. A text search matches once, not once per
 * column and figure. A status without leads counts 0, worth '0.00'.
 */
export async function figuresByStatus(
  db: DbOrTrx,
  filters: Omit<LeadFilters, 'status'>,
  valuation: LeadValuation,
): Promise<PipelineColumnFigures[]> {
  const rows = await db
    .selectFrom('leads')
    .select((eb) => ['leads.status', eb.fn.countAll<string>().as('count'), leadValueSum(valuation).as('value')])
    .where((eb) => filterExpression(eb, filters))
    .groupBy('leads.status')
    .execute();
  const byStatus = new Map(rows.map((row) => [row.status, row]));
  return LEAD_STATUSES.map((status) => {
    const row = byStatus.get(status);
    return { status, count: Number(row?.count ?? 0), value: row?.value ?? NO_VALUE };
  });
}

/**
 * Revenue per range: the values of the leads whose conversion (converted_at) falls inside it, still
 * convertido; only `assignedTo`'s leads when given. One statement, one index range per range.
 */
export async function revenueInRanges(
  db: DbOrTrx,
  valuation: LeadValuation,
  ranges: readonly DateRange[],
  scope: { reader?: LeadReader; assignedTo?: number } = {},
): Promise<string[]> {
  if (ranges.length === 0) return [];
  const { assignedTo } = scope;
  const visible = scope.reader ? visibleLeadsCondition(scope.reader) : undefined;
  const sumIn = (range: DateRange) =>
    db
      .selectFrom('leads')
      .select(leadValueSum(valuation).as('v'))
      .where('status', '=', 'convertido')
      .where('converted_at', '>=', range.from)
      .where('converted_at', '<', range.to)
      .where(IN_VISIBLE_GROUP)
      .$if(assignedTo !== undefined, (query) => query.where('assigned_to', '=', assignedTo ?? 0))
      .$if(visible !== undefined, (query) => query.where(visible ?? sql<SqlBool>`true`));
  const row: Record<string, string | null> = await db
    .selectNoFrom(ranges.map((range, index) => sumIn(range).as(`r${index}`)))
    .executeTakeFirstOrThrow();
  return ranges.map((_, index) => row[`r${index}`] ?? '0.00');
}
