/**
 * Spanish date formatting and calendar-date helpers. Built by hand rather than with Intl's date
 * styles so the output is the same on every ICU build: dd/mm/yyyy with zero padding. Each takes
 * the team's time zone (docs/settings.md); without one, the runtime's own.
 */
import { wallTime } from './zoned-time.js';

export type DateInput = Date | string | number;

/** The clock fields of the date in `timeZone`, or in the runtime's zone. */
function fields(date: Date, timeZone: string | undefined) {
  if (timeZone) return wallTime(date, timeZone);
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate(), hour: date.getHours(), minute: date.getMinutes() };
}

/** Accepts a Date, an ISO string or epoch ms (what JSON hands back); null when unreadable. */
export function toDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** 'dd/mm/yyyy'; '' for a missing or invalid date so a card never shows 'Invalid Date'. */
export function formatDate(value: DateInput | null | undefined, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '';
  const { year, month, day } = fields(date, timeZone);
  return `${pad(day)}/${pad(month)}/${year}`;
}

/** 'hh:mm' on the 24-hour clock. */
export function formatTime(value: DateInput | null | undefined, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '';
  const { hour, minute } = fields(date, timeZone);
  return `${pad(hour)}:${pad(minute)}`;
}

/** 'dd/mm/yyyy hh:mm'. */
export function formatDateTime(value: DateInput | null | undefined, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '';
  return `${formatDate(date, timeZone)} ${formatTime(date, timeZone)}`;
}

/** 'dd/mm', the chat list's label for older days. */
export function formatDayMonth(value: DateInput | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}`;
}

/** The calendar date as 'YYYY-MM-DD' (what date inputs and the tracking form use). */
export function toIsoDate(value: DateInput = new Date(), timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '';
  const { year, month, day } = fields(date, timeZone);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** True for a real calendar date written 'YYYY-MM-DD' (rejects '2024-02-30'). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whole calendar days from `from` to `to` in local time, immune to DST's 23/25-hour days. */
export function calendarDaysBetween(from: Date, to: Date): number {
  const a = Date.UTC(from.getFullYear(), from.getMonth(), from.getDate());
  const b = Date.UTC(to.getFullYear(), to.getMonth(), to.getDate());
  return Math.round((b - a) / 86_400_000);
}
