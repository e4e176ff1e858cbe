import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.js';

const now = new Date(2024, 5, 15, 12, 0, 0);
const before = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it.each([
    [0, 'Ahora mismo'],
    [59 * SECOND, 'Ahora mismo'],
    [60 * SECOND, 'Hace 1 minuto'],
    [119 * SECOND, 'Hace 1 minuto'],
    [2 * MINUTE, 'Hace 2 minutos'],
    [59 * MINUTE + 59 * SECOND, 'Hace 59 minutos'],
    [60 * MINUTE, 'Hace 1 hora'],
    [2 * HOUR - 1, 'Hace 1 hora'],
    [2 * HOUR, 'Hace 2 horas'],
    [24 * HOUR - 1, 'Hace 23 horas'],
    [24 * HOUR, 'Hace 1 día'],
    [2 * DAY, 'Hace 2 días'],
    [7 * DAY - 1, 'Hace 6 días'],
  ])('%i ms ago reads %s', (elapsed, expected) => {
    expect(formatRelativeTime(before(elapsed), now)).toBe(expected);
  });

  it('shows the es-ES date from 7 days on', () => {
    expect(formatRelativeTime(before(7 * DAY), now)).toBe('08/06/2024');
    expect(formatRelativeTime(new Date(2023, 11, 25), now)).toBe('25/12/2023');
  });

  it('reads a future time as Ahora mismo', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 5 * MINUTE), now)).toBe('Ahora mismo');
  });

  it('accepts ISO strings and shows nothing for invalid input', () => {
    expect(formatRelativeTime(before(3 * HOUR).toISOString(), now)).toBe('Hace 3 horas');
    expect(formatRelativeTime('garbage', now)).toBe('');
  });
});
