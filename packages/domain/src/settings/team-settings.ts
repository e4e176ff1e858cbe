/**
 * Team settings ('Configuración', docs/settings.md): the country phones are read in, the currency
 * and format money and dates are shown in, the time zone 'today' is counted in and the working days
 * follow-ups default to. One row on the server; every formatter of the web app takes them.
 * Without zod (the schemas are in schemas/team-settings.ts): the web app's shell needs these on every page.
 */
import { DEFAULT_VALUE_PER_CONVERSION } from '../format/conversion.js';
import type { PhoneCountry } from '../phones/phone.js';
import type { TeamSettings } from '../schemas/team-settings.js';

/** The formats offered; each is a Spanish-speaking locale Intl knows. */
export const TEAM_LOCALES = ['es-ES', 'es-MX', 'es-AR', 'es-CO', 'es-CL', 'es-PE', 'es-US', 'es-UY', 'es-EC', 'es-VE'] as const;
export type TeamLocale = (typeof TEAM_LOCALES)[number];

export const TEAM_LOCALE_LABELS: Record<TeamLocale, string> = {
  'es-ES': 'España (1.500,50 · dd/mm/aaaa)',
  'es-MX': 'México (1,500.50 · dd/mm/aaaa)',
  'es-AR': 'Argentina (1.500,50 · dd/mm/aaaa)',
  'es-CO': 'Colombia (1.500,50 · dd/mm/aaaa)',
  'es-CL': 'Chile (1.500,50 · dd/mm/aaaa)',
  'es-PE': 'Perú (1,500.50 · dd/mm/aaaa)',
  'es-US': 'Estados Unidos (1,500.50 · dd/mm/aaaa)',
  'es-UY': 'Uruguay (1.500,50 · dd/mm/aaaa)',
  'es-EC': 'Ecuador (1.500,50 · dd/mm/aaaa)',
  'es-VE': 'Venezuela (1.500,50 · dd/mm/aaaa)',
};

/** The countries the setup offers first (any ISO country is accepted). */
export const TEAM_COUNTRY_OPTIONS: readonly {
  value: PhoneCountry;
  label: string;
  currency: string;
  locale: TeamLocale;
  timeZone: string;
}[] = [
  { value: 'ES', label: 'España (+34)', currency: 'EUR', locale: 'es-ES', timeZone: 'Europe/Madrid' },
  { value: 'AR', label: 'Argentina (+54)', currency: 'ARS', locale: 'es-AR', timeZone: 'America/Argentina/Buenos_Aires' },
  { value: 'MX', label: 'México (+52)', currency: 'MXN', locale: 'es-MX', timeZone: 'America/Mexico_City' },
  { value: 'CO', label: 'Colombia (+57)', currency: 'COP', locale: 'es-CO', timeZone: 'America/Bogota' },
  { value: 'CL', label: 'Chile (+56)', currency: 'CLP', locale: 'es-CL', timeZone: 'America/Santiago' },
  { value: 'PE', label: 'Perú (+51)', currency: 'PEN', locale: 'es-PE', timeZone: 'America/Lima' },
  { value: 'US', label: 'Estados Unidos (+1)', currency: 'USD', locale: 'es-US', timeZone: 'America/New_York' },
  { value: 'UY', label: 'Uruguay (+598)', currency: 'UYU', locale: 'es-UY', timeZone: 'America/Montevideo' },
  { value: 'EC', label: 'Ecuador (+593)', currency: 'USD', locale: 'es-EC', timeZone: 'America/Guayaquil' },
  { value: 'VE', label: 'Venezuela (+58)', currency: 'VES', locale: 'es-VE', timeZone: 'America/Caracas' },
];

export const TEAM_CURRENCIES = ['EUR', 'USD', 'ARS', 'MXN', 'COP', 'CLP', 'PEN', 'UYU', 'VES'] as const;

/** ISO weekdays: 1 lunes … 7 domingo. */
export const WEEKDAY_LABELS: Record<number, string> = {
  1: 'Lunes',
  2: 'Martes',
  3: 'Miércoles',
  4: 'Jueves',
  5: 'Viernes',
  6: 'Sábado',
  7: 'Domingo',
};

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** What GET answers: the settings, and whether an admin has ever saved them. */
export interface TeamSettingsView extends TeamSettings {
  configured: boolean;
  /** True for the first admin while nobody has saved the settings: the web app offers the setup dialog. */
  offerSetup: boolean;
}

/** What PUT answers besides the settings: how many stored phones were re-read in the new country. */
export interface TeamSettingsSaved extends TeamSettingsView {
  phonesUpdated: number;
}

/**
 * Until an admin saves them: the spec's behaviour (phones read as Argentine, money with '$') in the
 * server's time zone, Monday to Friday. `country` and `timeZone` come from DEFAULT_COUNTRY and TZ.
 */
export function defaultTeamSettings(country: PhoneCountry, timeZone: string): TeamSettings {
  const option = TEAM_COUNTRY_OPTIONS.find((candidate) => candidate.value === country);
  return {
    country,
    currency: option?.currency ?? 'ARS',
    locale: option?.locale ?? 'es-AR',
    timeZone: isTimeZone(timeZone) ? timeZone : 'UTC',
    workingDays: [1, 2, 3, 4, 5],
    valuePerConversion: DEFAULT_VALUE_PER_CONVERSION,
  };
}
