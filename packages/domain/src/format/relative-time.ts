/** The activity feed's relative times ('Ahora mismo', 'Hace N minutos' ...), falling back to the es-ES date after a week. */
import { formatDate, toDate, type DateInput } from './dates.js';
import { formatCount } from './plural.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function ago(count: number, singular: string, plural: string): string {
  return `Hace ${formatCount(count, singular, plural)}`;
}

/** Future times (clock skew between server and browser) read 'Ahora mismo' rather than negative. */
export function formatRelativeTime(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE) return 'Ahora mismo';
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), 'minuto', 'minutos');
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), 'hora', 'horas');
  if (elapsed < 7 * DAY) return ago(Math.floor(elapsed / DAY), 'día', 'días');
  return formatDate(date);
}
