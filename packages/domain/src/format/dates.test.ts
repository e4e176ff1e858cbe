import { describe, expect, it } from 'vitest';
import { calendarDaysBetween, formatDate, formatDateTime, formatDayMonth, formatTime, isIsoDate, toDate, toIsoDate } from './dates.js';

const date = new Date(2024, 0, 5, 9, 7); // 5 Jan 2024 09:07 local

describe('date formatting', () => {
  it('writes dd/mm/yyyy with zero padding', () => {
    expect(formatDate(date)).toBe('05/01/2024');
  });

  it('writes hh:mm on the 24-hour clock', () => {
    expect(formatTime(date)).toBe('09:07');
    expect(formatTime(new Date(2024, 0, 5, 23, 59))).toBe('23:59');
    expect(formatTime(new Date(2024, 0, 5, 0, 0))).toBe('00:00');
  });

  it('joins date and time', () => {
    expect(formatDateTime(date)).toBe('05/01/2024 09:07');
  });

  it('writes dd/mm for the chat list', () => {
    expect(formatDayMonth(date)).toBe('05/01');
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    expect(formatDate(date.toISOString())).toBe('05/01/2024');
    expect(formatDate(date.getTime())).toBe('05/01/2024');
  });

  it('shows nothing for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(toDate('nope')).toBeNull();
  });
});

describe('calendar dates', () => {
  it('gives the local day as YYYY-MM-DD', () => {
    expect(toIsoDate(date)).toBe('2024-01-05');
    expect(toIsoDate(new Date(2024, 11, 31, 23, 59))).toBe('2024-12-31');
  });

  it('accepts real dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('2024-1-5')).toBe(false);
    expect(isIsoDate('05/01/2024')).toBe(false);
  });

  it('counts calendar days, not 24-hour spans', () => {
    expect(calendarDaysBetween(new Date(2024, 0, 4, 23, 59), new Date(2024, 0, 5, 0, 1))).toBe(1);
    expect(calendarDaysBetween(new Date(2024, 0, 5, 0, 0), new Date(2024, 0, 5, 23, 59))).toBe(0);
    expect(calendarDaysBetween(new Date(2024, 2, 1), new Date(2024, 3, 1))).toBe(31);
  });
});
