/** The chat contact list's day label (Hoy, Ayer, weekday, dd/mm), the message list's day separators and the bubbles' time (hh:mm). */
import { calendarDaysBetween, formatDate, formatDayMonth, formatTime, toDate, type DateInput } from './dates.js';

/** Intl's es-ES short weekday: lun, mar, mié, jue, vie, sáb, dom. */
const weekdayFormat = new Intl.DateTimeFormat('es-ES', { weekday: 'short' });

/**
 * Counted in calendar days, not 24-hour spans, so a message from 23:50 reads 'Ayer' at 00:10:
 * same day Hoy, the day before Ayer, 2 to 6 days back the short weekday, older (or a future
 * day, from clock skew) dd/mm, with the year (dd/mm/yyyy) when it is not this year's. Seven days
 * back is dd/mm because its weekday equals today's.
 */
export function formatChatDay(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const days = calendarDaysBetween(date, now);
  if (days === 0) return 'Hoy';
  if (days === 1) return 'Ayer';
  if (days > 1 && days < 7) return weekdayFormat.format(date).replace('.', '');
  return date.getFullYear() === now.getFullYear() ? formatDayMonth(date) : formatDate(date);
}

const longWeekdayFormat = new Intl.DateTimeFormat('es-ES', { weekday: 'long' });
const dayMonthFormat = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long' });
const dayMonthYearFormat = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * The separator above a day's first message: Hoy, Ayer, the weekday within the week ('Lunes'),
 * else the date ('3 de marzo'), with the year when it is not this year ('3 de marzo de 2023').
 */
export function formatChatDaySeparator(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const days = calendarDaysBetween(date, now);
  if (days === 0) return 'Hoy';
  if (days === 1) return 'Ayer';
  const text =
    days > 1 && days < 7
      ? longWeekdayFormat.format(date)
      : (date.getFullYear() === now.getFullYear() ? dayMonthFormat : dayMonthYearFormat).format(date);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Whether two messages fall on different local calendar days (a separator goes between them). */
export function isNewChatDay(previous: DateInput | undefined, current: DateInput): boolean {
  const a = toDate(previous);
  const b = toDate(current);
  return !a || !b || calendarDaysBetween(a, b) !== 0;
}

/** 'hh:mm', 24-hour. */
export function formatChatTime(value: DateInput): string {
  return formatTime(value);
}
