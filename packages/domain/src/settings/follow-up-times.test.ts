import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../format/dates.js';
import { defaultFollowUpDue, followUpPresets, isPastDue } from './follow-up-times.js';

const madrid = { timeZone: 'Europe/Madrid', workingDays: [1, 2, 3, 4, 5] };
const at = (date: Date) => formatDateTime(date, madrid.timeZone);

describe('defaultFollowUpDue', () => {
  it('skips the weekend: a Friday evening gives Monday 10:00 on the team clock', () => {
    // Friday 2026-03-06 20:00 in Madrid (19:00 UTC).
    expect(at(defaultFollowUpDue(new Date('2026-03-06T19:00:00Z'), madrid))).toBe('09/03/2026 10:00');
  });

  it('gives tomorrow on a working day, whatever the runtime zone', () => {
    expect(at(defaultFollowUpDue(new Date('2026-03-03T08:00:00Z'), madrid))).toBe('04/03/2026 10:00');
    const buenosAires = { timeZone: 'America/Argentina/Buenos_Aires', workingDays: [1, 2, 3, 4, 5, 6] };
    expect(formatDateTime(defaultFollowUpDue(new Date('2026-03-06T19:00:00Z'), buenosAires), buenosAires.timeZone)).toBe(
      '07/03/2026 10:00',
    );
  });
});

describe('followUpPresets', () => {
  it('offers the five shortcuts, "Esta tarde" only before 16:00', () => {
    const morning = followUpPresets(new Date('2026-03-04T08:00:00Z'), madrid);
    expect(morning.map((preset) => preset.label)).toEqual(['En 1 hora', 'Esta tarde', 'Mañana', 'El lunes', 'En una semana']);
    expect(morning.map((preset) => at(preset.dueAt))).toEqual([
      '04/03/2026 10:00',
      '04/03/2026 16:00',
      '05/03/2026 10:00',
      '09/03/2026 10:00',
      '11/03/2026 10:00',
    ]);
    const evening = followUpPresets(new Date('2026-03-04T18:00:00Z'), madrid);
    expect(evening.map((preset) => preset.label)).not.toContain('Esta tarde');
  });

  it("goes to next week's Monday on a Monday", () => {
    const monday = followUpPresets(new Date('2026-03-09T08:00:00Z'), madrid);
    expect(at(monday.find((preset) => preset.label === 'El lunes')?.dueAt ?? new Date(0))).toBe('16/03/2026 10:00');
  });
});

describe('isPastDue', () => {
  it('refuses past times beyond a minute of grace', () => {
    const now = new Date('2026-03-04T10:00:00Z');
    expect(isPastDue(new Date('2026-03-04T09:58:00Z'), now)).toBe(true);
    expect(isPastDue(new Date('2026-03-04T09:59:30Z'), now)).toBe(false);
    expect(isPastDue(new Date('2026-03-04T11:00:00Z'), now)).toBe(false);
  });
});
