/** The chat contact list's day label (Hoy, Ayer, weekday, dd/mm) and the message bubbles' time (hh:mm). */
import { calendarDaysBetween, formatDayMonth, formatTime, toDate, type DateInput } from './dates.js';

/** Intl's es-ES short weekday: lun, mar, mié, jue, vie, sáb, dom. */
const weekdayFormat = new Intl.DateTimeFormat('es-ES', { weekday: 'short' });

/**
 * Counted in calendar days, not 24-hour spans, so a message from 23:50 reads 'Ayer' at 00:10:
 * same day Hoy, the day before Ayer, 2 to 6 days back the short weekday, older (or a future
 * day, from clock skew) dd/mm. Seven days back is dd/mm because its weekday equals today's.
 */
export function formatChatDay(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const days = calendarDaysBetween(date, now);
  if (days === 0) return 'Hoy';
  if (days === 1) return 'Ayer';
  if (days > 1 && days < 7) return weekdayFormat.format(date).replace('.', '');
  return formatDayMonth(date);
}

/** 'hh:mm', 24-hour. */
export function formatChatTime(value: DateInput): string {
  return formatTime(value);
}
