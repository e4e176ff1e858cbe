/**
 * When follow-ups fall (docs/leads.md, 'Seguimientos'): the default (the next working day at 10:00),
 * the presets of the picker and the 'not in the past' rule, all on the team's clock and calendar.
 */
import { instantAt, wallTime } from '../format/zoned-time.js';
import type { TeamSettings } from '../schemas/team-settings.js';

/** The 'upcoming' window of 'Mis seguimientos': the next 7 days after today. */
export const UPCOMING_DAYS = 7;

type Calendar = Pick<TeamSettings, 'timeZone' | 'workingDays'>;

/** The hour a day-based preset and the default land on. */
const MORNING_HOUR = 10;
const AFTERNOON_HOUR = 16;

/**
 * How far in the past a due time may be and still count as now: a time picked in the current
 * minute, or sent a moment before the server reads it, is not refused.
 */
export const PAST_GRACE_MS = 60_000;
export const FOLLOW_UP_IN_PAST = 'La fecha y hora ya pasaron: elige un momento futuro';

export function isPastDue(dueAt: Date, now: Date = new Date()): boolean {
  return dueAt.getTime() < now.getTime() - PAST_GRACE_MS;
}

/** `days` calendar days after today (in the team's zone) at `hour`:00 there. */
function dayAt(now: Date, calendar: Calendar, days: number, hour: number): Date {
  const today = wallTime(now, calendar.timeZone);
  return instantAt({ year: today.year, month: today.month, day: today.day + days, hour, minute: 0 }, calendar.timeZone);
}

/** The first working day after today, as days from today (1 when the team works every day). */
function daysToNextWorkingDay(now: Date, calendar: Calendar): number {
  const weekday = wallTime(now, calendar.timeZone).weekday;
  for (let days = 1; days <= 7; days += 1) {
    if (calendar.workingDays.includes(((weekday - 1 + days) % 7) + 1)) return days;
  }
  return 1;
}

/** The picker's starting value: the next working day at 10:00 on the team's clock. */
export function defaultFollowUpDue(now: Date, calendar: Calendar): Date {
  return dayAt(now, calendar, daysToNextWorkingDay(now, calendar), MORNING_HOUR);
}

export interface FollowUpPreset {
  label: 'En 1 hora' | 'Esta tarde' | 'Mañana' | 'El lunes' | 'En una semana';
  dueAt: Date;
}

/** The picker's shortcuts; 'Esta tarde' only while 16:00 is still ahead today. */
export function followUpPresets(now: Date, calendar: Calendar): FollowUpPreset[] {
  const inOneHour = new Date(Math.ceil((now.getTime() + 3_600_000) / 300_000) * 300_000);
  const weekday = wallTime(now, calendar.timeZone).weekday;
  const toMonday = ((8 - weekday) % 7) + (weekday === 1 ? 7 : 0);
  const presets: FollowUpPreset[] = [{ label: 'En 1 hora', dueAt: inOneHour }];
  const afternoon = dayAt(now, calendar, 0, AFTERNOON_HOUR);
  if (afternoon.getTime() > now.getTime()) presets.push({ label: 'Esta tarde', dueAt: afternoon });
  presets.push(
    { label: 'Mañana', dueAt: dayAt(now, calendar, 1, MORNING_HOUR) },
    { label: 'El lunes', dueAt: dayAt(now, calendar, toMonday, MORNING_HOUR) },
    { label: 'En una semana', dueAt: dayAt(now, calendar, 7, MORNING_HOUR) },
  );
  return presets;
}
