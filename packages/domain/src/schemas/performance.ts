/** Performance entries (dashboard, team, analytics) and the analytics period query. */
import { z } from 'zod';
import { conversionRate } from '../format/conversion.js';
import { toIsoDate } from '../format/dates.js';
import { fullName, initials } from '../format/initials.js';
import { toOptions } from '../options.js';
import { isoDateSchema } from './common.js';

export const performanceEntrySchema = z.object({
  id: z.number(),
  name: z.string(),
  initials: z.string(),
  /** Leads assigned to the user (the denominator of conversionRate). */
  assigned: z.number().int().min(0),
  /** Assigned leads whose status is one of CONTACTED_STATUSES. */
  contacted: z.number().int().min(0),
  converted: z.number().int().min(0),
  /** The values of the member's converted leads, summed (docs/leads.md, 'Valor del trato'): an exact decimal string. */
  revenue: z.string(),
  /** Percentage, one decimal (conversionRate()). */
  conversionRate: z.number(),
});
export type PerformanceEntry = z.infer<typeof performanceEntrySchema>;

/** What the database counts per member; the rest of an entry follows from the business rules. */
export interface MemberLeadCounts {
  id: number;
  firstName: string | null;
  lastName: string | null;
  assigned: number;
  contacted: number;
  converted: number;
  /** The sum of the converted leads' values, as the database added them ('4500.00'). */
  revenue: string;
}

/** Entries with revenue and rate, best first: most conversions, then highest rate, then name. */
export function rankPerformance(members: readonly MemberLeadCounts[]): PerformanceEntry[] {
  const entries = members.map((member): PerformanceEntry => ({
    id: member.id,
    name: fullName(member.firstName, member.lastName),
    initials: initials(member.firstName, member.lastName),
    assigned: member.assigned,
    contacted: member.contacted,
    converted: member.converted,
    revenue: member.revenue,
    conversionRate: conversionRate(member.converted, member.assigned),
  }));
  return entries.sort((a, b) => b.converted - a.converted || b.conversionRate - a.conversionRate || a.name.localeCompare(b.name, 'es'));
}

export const ANALYTICS_PERIODS = ['month', 'quarter', 'year', 'custom'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

export const ANALYTICS_PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  month: 'Último mes',
  quarter: 'Últimos 3 meses',
  year: 'Último año',
  custom: 'Personalizado',
};
export const ANALYTICS_PERIOD_OPTIONS = toOptions(ANALYTICS_PERIODS, ANALYTICS_PERIOD_LABELS);

export const MAX_CUSTOM_PERIOD_YEARS = 10;

/** '2016-02-29' → 20160229: whole calendar years add 10000, whatever the month's length. */
const dateNumber = (isoDate: string): number => Number(isoDate.replaceAll('-', ''));

export const analyticsQuerySchema = z
  .object({
    period: z.enum(ANALYTICS_PERIODS, { message: 'Período inválido' }).default('month'),
    from: isoDateSchema('Fecha requerida').optional(),
    to: isoDateSchema('Fecha requerida').optional(),
  })
  .superRefine((value, ctx) => {
    if (value.period !== 'custom') return;
    if (!value.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Selecciona la fecha inicial' });
    if (!value.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Selecciona la fecha final' });
    // ISO dates compare correctly as strings.
    if (value.from && value.to && value.from > value.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'La fecha final debe ser posterior a la inicial' });
    }
    // A report cuts its range into months and counts each: centuries would hold the database for seconds.
    if (value.from && value.to && dateNumber(value.to) >= dateNumber(value.from) + MAX_CUSTOM_PERIOD_YEARS * 10_000) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `El período no puede superar los ${MAX_CUSTOM_PERIOD_YEARS} años` });
    }
  });
export type AnalyticsQueryInput = z.input<typeof analyticsQuerySchema>;
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

const MONTHS_BACK: Record<Exclude<AnalyticsPeriod, 'custom'>, number> = { month: 1, quarter: 3, year: 12 };

function startOfLocalDay(isoDate: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

/**
 * The half-open range [from, to) a query covers, in the runtime's local time: the preset
 * periods end now and start that many calendar months back; a custom one covers whole days,
 * both ends included. Call it with a parsed (valid) query.
 */
export function periodRange(query: AnalyticsQuery, now: Date = new Date()): { from: Date; to: Date } {
  if (query.period === 'custom') {
    const to = startOfLocalDay(query.to ?? toIsoDate(now));
    to.setDate(to.getDate() + 1);
    return { from: startOfLocalDay(query.from ?? toIsoDate(now)), to };
  }
  const from = new Date(now);
  from.setMonth(from.getMonth() - MONTHS_BACK[query.period]);
  return { from, to: new Date(now) };
}
