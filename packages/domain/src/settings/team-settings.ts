/**
 * Team settings ('Configuración', docs/settings.md): the country phones are read in, the currency
 * and format money and dates are shown in, the time zone 'today' is counted in and the working days
 * follow-ups default to. One row on the server; every formatter of the web app takes them.
 */
import { z } from 'zod';
import { type PhoneCountry, isPhoneCountry } from '../phones/phone.js';

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

function isCurrency(value: string): boolean {
  try {
    new Intl.NumberFormat('es-ES', { style: 'currency', currency: value });
    return /^[A-Z]{3}$/.test(value);
  } catch {
    return false;
  }
}

export const teamSettingsSchema = z.object({
  country: z
    .string({ message: 'El país es requerido' })
    .trim()
    .toUpperCase()
    .refine(isPhoneCountry, { message: 'País inválido: usa un código ISO de dos letras (ES, AR, MX…)' }),
  currency: z
    .string({ message: 'La moneda es requerida' })
    .trim()
    .toUpperCase()
    .refine(isCurrency, { message: 'Moneda inválida: usa un código ISO de tres letras (EUR, USD, ARS…)' }),
  locale: z.enum(TEAM_LOCALES, { message: 'Formato inválido' }),
  timeZone: z.string({ message: 'La zona horaria es requerida' }).trim().refine(isTimeZone, { message: 'Zona horaria inválida' }),
  workingDays: z
    .array(z.number({ message: 'Día laborable inválido' }).int().min(1, 'Día laborable inválido').max(7, 'Día laborable inválido'), {
      message: 'Los días laborables son requeridos',
    })
    .min(1, { message: 'Elige al menos un día laborable' })
    .max(7, { message: 'Día laborable repetido' })
    .refine((days) => new Set(days).size === days.length, { message: 'Día laborable repetido' })
    .transform((days) => [...days].sort((a, b) => a - b)),
});
export type TeamSettings = z.output<typeof teamSettingsSchema>;
export type TeamSettingsInput = z.input<typeof teamSettingsSchema>;

/** PUT /api/settings/team: the settings, and whether to re-read the stored phones without a country code. */
export const updateTeamSettingsSchema = teamSettingsSchema.extend({
  rereadPhones: z.boolean({ message: 'Valor inválido' }).default(false),
});
export type UpdateTeamSettingsInput = z.input<typeof updateTeamSettingsSchema>;
export type UpdateTeamSettings = z.output<typeof updateTeamSettingsSchema>;

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
  };
}

/** How many phones a change of country would re-read, for the confirmation ('Se actualizarán N teléfonos'). */
export const phoneRereadCountSchema = z.object({ country: teamSettingsSchema.shape.country });
