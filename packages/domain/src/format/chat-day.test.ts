import { describe, expect, it } from 'vitest';
import { formatChatDay, formatChatTime } from './chat-day.js';

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
    expect(formatChatDay(new Date(2023, 11, 25), now)).toBe('25/12');
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
