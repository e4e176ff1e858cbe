/** What the dashboard shows without zod (its schemas are in schemas/dashboard.ts): the page loads these, not the schemas. */

/** How many entries the dashboard's 'Actividad Reciente' panel shows by default, and the most a caller may ask for. */
export const RECENT_ACTIVITY_LIMIT = { default: 10, max: 50 } as const;

/** '+12%', '-3%', '0%'. */
export function formatTrend(trend: number): string {
  return `${trend > 0 ? '+' : ''}${trend}%`;
}
