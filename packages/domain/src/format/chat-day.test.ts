import { describe, expect, it } from 'vitest';
import { formatChatDay, formatChatDaySeparator, formatChatTime, isNewChatDay } from './chat-day.js';

// Saturday 15 June 2024, 00:10 local.
const now = new Date(2024, 5, 15, 0, 10);
const daysBack = (days: number, hour = 12) => new Date(2024, 5, 15 - days, hour, 0);

describe('formatChatDay', () => {
  it('says Hoy for any time today', () => {
    expect(formatChatDay(new Date(2024, 5, 15, 0, 0), now)).toBe('Hoy');
  });

  it('says Ayer for yesterday, even twenty minutes ago', () => {
    expect(formatChatDay(new Date(2024, 5, 14, 23, 50), now)).toBe('Ayer');
    expect(formatChatDay(new Date(2024, 5, 14, 0, 0), now)).toBe('Ayer');
  });

  it.each([
    [2, 'jue'],
    [3, 'mié'],
    [4, 'mar'],
    [5, 'lun'],
    [6, 'dom'],
  ])('shows the short weekday %i days back (%s)', (days, weekday) => {
    expect(formatChatDay(daysBack(days), now)).toBe(weekday);
  });

  it('shows sáb and vie weekdays too', () => {
    const sunday = new Date(2024, 5, 16, 9, 0);
    expect(formatChatDay(new Date(2024, 5, 14), sunday)).toBe('vie');
    expect(formatChatDay(new Date(2024, 5, 15), new Date(2024, 5, 17))).toBe('sáb');
  });

  it('shows dd/mm from 7 days back', () => {
    expect(formatChatDay(daysBack(7), now)).toBe('08/06');
  });

  it('adds the year for a day of another year', () => {
    expect(formatChatDay(new Date(2023, 11, 25), now)).toBe('25/12/2023');
  });

  it('shows dd/mm for a future day', () => {
    expect(formatChatDay(new Date(2024, 5, 16), now)).toBe('16/06');
  });

  it('shows nothing for an invalid date', () => {
    expect(formatChatDay('x', now)).toBe('');
  });
});

describe('formatChatTime', () => {
  it('writes hh:mm, 24-hour', () => {
    expect(formatChatTime(new Date(2024, 5, 15, 7, 5))).toBe('07:05');
    expect(formatChatTime(new Date(2024, 5, 15, 18, 30))).toBe('18:30');
  });
});

describe('formatChatDaySeparator', () => {
  it('says Hoy, Ayer, then the weekday within a week', () => {
    expect(formatChatDaySeparator(new Date(2024, 5, 15, 0, 5), now)).toBe('Hoy');
    expect(formatChatDaySeparator(new Date(2024, 5, 14, 23, 50), now)).toBe('Ayer');
    expect(formatChatDaySeparator(daysBack(5), now)).toBe('Lunes');
  });

  it('gives the date from a week back, with the year only when it is another year', () => {
    expect(formatChatDaySeparator(daysBack(7), now)).toBe('8 de junio');
    expect(formatChatDaySeparator(new Date(2023, 2, 3), now)).toBe('3 de marzo de 2023');
  });
});

describe('isNewChatDay', () => {
  it('separates messages of different calendar days only', () => {
    expect(isNewChatDay(undefined, now)).toBe(true);
    expect(isNewChatDay(new Date(2024, 5, 14, 23, 59), new Date(2024, 5, 15, 0, 1))).toBe(true);
    expect(isNewChatDay(new Date(2024, 5, 15, 0, 1), new Date(2024, 5, 15, 23, 0))).toBe(false);
  });
});
