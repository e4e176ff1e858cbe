/**
 * What leads are worth (docs/leads.md, 'Valor del trato'; CONTRACT §5), added up by the database in
 * exact numeric: a lead's value is its amount, or the team's value per conversion when it has none.
 * An amount in another currency than the team's is left out of a sum (no exchange rates are kept).
 */
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DbOrTrx } from '../types.js';
import { type DateRange } from './analytics.repository.js';
import { IN_VISIBLE_GROUP, type LeadFilters, filterExpression } from './leads.repository.js';

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

/** The board column's value: the sum over the leads `filters` matches. */
export async function sumLeadValues(db: DbOrTrx, filters: LeadFilters, valuation: LeadValuation): Promise<string> {
  const row = await db
    .selectFrom('leads')
    .select(leadValueSum(valuation).as('value'))
    .where((eb) => filterExpression(eb, filters))
    .executeTakeFirstOrThrow();
  return row.value;
}

/**
 * Revenue per range: the values of the leads whose conversion (converted_at) falls inside it, still
 * convertido; only `assignedTo`'s leads when given. One statement, one index range per range.
 */
export async function revenueInRanges(
  db: DbOrTrx,
  valuation: LeadValuation,
  ranges: readonly DateRange[],
  assignedTo?: number,
): Promise<string[]> {
  if (ranges.length === 0) return [];
  const sumIn = (range: DateRange) =>
    db
      .selectFrom('leads')
      .select(leadValueSum(valuation).as('v'))
      .where('status', '=', 'convertido')
      .where('converted_at', '>=', range.from)
      .where('converted_at', '<', range.to)
      .where(IN_VISIBLE_GROUP)
      .$if(assignedTo !== undefined, (query) => query.where('assigned_to', '=', assignedTo ?? 0));
  const row: Record<string, string | null> = await db
    .selectNoFrom(ranges.map((range, index) => sumIn(range).as(`r${index}`)))
    .executeTakeFirstOrThrow();
  return ranges.map((_, index) => row[`r${index}`] ?? '0.00');
}
