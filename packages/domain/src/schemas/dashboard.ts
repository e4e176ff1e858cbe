/** The dashboard summary and the analytics report: what the API answers, and how trends are read. */
import { z } from 'zod';
import { RECENT_ACTIVITY_LIMIT } from '../format/dashboard-display.js';
import { performanceEntrySchema } from './performance.js';

/** Trend windows: the last TREND_WINDOW_DAYS days against the TREND_WINDOW_DAYS days before them. */
export const TREND_WINDOW_DAYS = 30;

export const recentActivitiesQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'Límite inválido' })
    .int({ message: 'Límite inválido' })
    .min(1, { message: 'Límite inválido' })
    .max(RECENT_ACTIVITY_LIMIT.max, { message: `El límite máximo es ${RECENT_ACTIVITY_LIMIT.max}` })
    .default(RECENT_ACTIVITY_LIMIT.default),
});
export type RecentActivitiesQuery = z.output<typeof recentActivitiesQuerySchema>;

/** 'Mis leads' (the seller's start) or the whole team's; the team card counts the team either way. */
export const DASHBOARD_SCOPES = ['mine', 'team'] as const;
export const dashboardSummaryQuerySchema = z.object({
  scope: z.enum(DASHBOARD_SCOPES, { message: 'Ámbito inválido' }).default('team'),
});
export type DashboardSummaryQuery = z.output<typeof dashboardSummaryQuerySchema>;

const trendSchema = z.number().nullable();

export const dashboardSummarySchema = z.object({
  /** Every lead; trend: leads created in the last 30 days against the 30 before. */
  totalLeads: z.object({ value: z.number().int(), trend: trendSchema }),
  /** Leads whose status is convertido; trend: conversions (converted_at) in the last 30 days against the 30 before. */
  convertedLeads: z.object({ value: z.number().int(), trend: trendSchema }),
  /**
   * 'Ingresos del Mes': the values of the leads converted this calendar month (the team's time zone),
   * an exact decimal string in the team's currency; trend: the same sum over the last 30 days against the 30 before.
   */
  revenue: z.object({ value: z.string(), trend: trendSchema }),
  /** Every user; `active` counts those seen (presence or a session in use) in the last 24 hours. */
  teamMembers: z.object({ value: z.number().int(), active: z.number().int() }),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/**
 * Whole-percent change from `previous` to `current` ('+12%' reads 12); null when there is
 * nothing to compare against (previous is 0), which hides the badge.
 */
export function trendPercent(current: number, previous: number): number | null {
  if (!(previous > 0)) return null;
  return Math.round(((current - previous) / previous) * 100);
}

export const monthlyLeadsSchema = z.object({
  /** 'YYYY-MM' in the server's time zone. */
  month: z.string(),
  /** Leads created in this month (and inside the period). */
  created: z.number().int(),
  /** Conversions that happened (converted_at) in this month (and inside the period). */
  converted: z.number().int(),
  /** Of the leads created this month, how many are convertido now. */
  createdAndConverted: z.number().int(),
  /** createdAndConverted ÷ created × 100, one decimal, 0 when nothing was created (never above 100). */
  conversionRate: z.number(),
  /** The values of the conversions (converted_at) in this month, summed: an exact decimal string in the team's currency. */
  revenue: z.string(),
});
export type MonthlyLeads = z.infer<typeof monthlyLeadsSchema>;

export const analyticsReportSchema = z.object({
  /** The half-open range [from, to) the report covers. */
  from: z.date(),
  to: z.date(),
  months: z.array(monthlyLeadsSchema),
  totals: z.object({
    created: z.number().int(),
    converted: z.number().int(),
    createdAndConverted: z.number().int(),
    /** The period's rate: leads created in it that are convertido ÷ leads created in it (the chart's average line). */
    conversionRate: z.number(),
    /** The values of the period's conversions, summed (the months' revenues added up). */
    revenue: z.string(),
  }),
  /** 'Rendimiento Individual': members with at least one assigned lead created in the period. */
  performance: z.array(performanceEntrySchema),
});
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;
