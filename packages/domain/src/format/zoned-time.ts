/**
 * Wall-clock time in a named time zone (the team's, docs/settings.md): what day and hour an
 * instant is there, and which instant a day and hour there is. Intl does the zone arithmetic, so
 * the web app and the server agree whatever zone their own clocks are in.
 */
export interface WallTime {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** ISO weekday: 1 lunes … 7 domingo. */
  weekday: number;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The instant as a clock in `timeZone` shows it. */
export function wallTime(date: Date, timeZone: string): WallTime {
  const parts: Record<string, string> = {};
  for (const part of formatIn(timeZone).formatToParts(date)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 1,
  };
}

/** How far `timeZone`'s clock is ahead of UTC at that instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallTime(new Date(instant), timeZone);
  const seconds = new Date(instant).getUTCSeconds();
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, seconds) - (instant - (instant % 1000));
}

/**
 * The instant a clock in `timeZone` shows that day and time. Day overflow is allowed (day 32 is the
 * 1st of the next month). A time skipped by a DST change lands just after it.
 */
export function instantAt(wall: Pick<WallTime, 'year' | 'month' | 'day' | 'hour' | 'minute'>, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const first = asUtc - offsetAt(asUtc, timeZone);
  // The offset at the guess may differ from the one at the answer (near a DST change): once more.
  return new Date(asUtc - offsetAt(first, timeZone));
}
