import { describe, expect, it } from 'vitest';
import { teamFormat } from './team-format.js';
import { teamSettingsSchema } from '../schemas/team-settings.js';
import { defaultTeamSettings } from './team-settings.js';

const spain = { country: 'es', currency: 'eur', locale: 'es-ES', timeZone: 'Europe/Madrid', workingDays: [5, 1, 2, 3, 4] };

describe('teamSettingsSchema', () => {
  it('normalises codes and sorts the working days', () => {
    expect(teamSettingsSchema.parse(spain)).toEqual({
      ...spain,
      country: 'ES',
      currency: 'EUR',
      workingDays: [1, 2, 3, 4, 5],
      valuePerConversion: '1500.00',
    });
  });

  it.each([
    [{ country: 'XX' }, 'País inválido: usa un código ISO de dos letras (ES, AR, MX…)'],
    [{ currency: 'EURO' }, 'Moneda inválida: usa un código ISO de tres letras (EUR, USD, ARS…)'],
    [{ locale: 'en-GB' }, 'Formato inválido'],
    [{ timeZone: 'Europe/Atlantida' }, 'Zona horaria inválida'],
    [{ workingDays: [] }, 'Elige al menos un día laborable'],
    [{ workingDays: [1, 1] }, 'Día laborable repetido'],
    [{ workingDays: [8] }, 'Día laborable inválido'],
  ])('refuses %j in Spanish', (change, message) => {
    const result = teamSettingsSchema.safeParse({ ...spain, ...change });
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('defaultTeamSettings', () => {
  it("keeps the spec's behaviour: Argentine phones, '$' money, Monday to Friday", () => {
    const settings = defaultTeamSettings('AR', 'America/Argentina/Buenos_Aires');
    expect(settings).toMatchObject({ country: 'AR', currency: 'ARS', workingDays: [1, 2, 3, 4, 5] });
    const format = teamFormat(settings);
    expect(format.money(1500).replace(/\u00a0/g, ' ')).toBe('$ 1.500');
    expect(format.whatsapp('1123456789')).toBe('https://wa.me/541123456789');
  });
});

describe('teamFormat', () => {
  it('formats money, dates and phones as a Spanish team expects', () => {
    const format = teamFormat(teamSettingsSchema.parse(spain));
    expect(format.money(1500).replace(/\u00a0/g, ' ')).toBe('1.500 €');
    expect(format.dateTime('2026-03-04T23:30:00Z')).toBe('05/03/2026 00:30');
    expect(format.today(new Date('2026-03-04T23:30:00Z'))).toBe('2026-03-05');
    expect(format.phone('612345987')).toBe('612 34 59 87');
    expect(format.whatsapp('612345987')).toBe('https://wa.me/34612345987');
    expect(format.tel('612 345 987')).toBe('tel:+34612345987');
  });
});
