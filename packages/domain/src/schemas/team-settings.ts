/** The team settings' zod schemas (docs/settings.md); the options, labels and defaults are in settings/team-settings.ts. */
import { z } from 'zod';
import { isPhoneCountry } from '../phones/phone.js';
import { DEFAULT_VALUE_PER_CONVERSION } from '../format/conversion.js';
import { TEAM_LOCALES, isTimeZone } from '../settings/team-settings.js';
import { amountSchema } from './deal.js';

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
  /** 'Valor por conversión': a converted lead's value when it has no amount (CONTRACT §5), in the team's currency. */
  valuePerConversion: amountSchema.default(DEFAULT_VALUE_PER_CONVERSION),
});
export type TeamSettings = z.output<typeof teamSettingsSchema>;
export type TeamSettingsInput = z.input<typeof teamSettingsSchema>;

/** PUT /api/settings/team: the settings, and whether to re-read the stored phones without a country code. */
export const updateTeamSettingsSchema = teamSettingsSchema.extend({
  rereadPhones: z.boolean({ message: 'Valor inválido' }).default(false),
});
export type UpdateTeamSettingsInput = z.input<typeof updateTeamSettingsSchema>;
export type UpdateTeamSettings = z.output<typeof updateTeamSettingsSchema>;

/** How many phones a change of country would re-read, for the confirmation ('Se actualizarán N teléfonos'). */
export const phoneRereadCountSchema = z.object({ country: teamSettingsSchema.shape.country });

/** The answers (TeamSettingsView, TeamSettingsSaved in settings/team-settings.ts). */
export const teamSettingsViewSchema = z.object({
  country: z.string(),
  currency: z.string(),
  locale: z.enum(TEAM_LOCALES),
  timeZone: z.string(),
  workingDays: z.array(z.number().int()),
  valuePerConversion: z.string(),
  configured: z.boolean(),
  offerSetup: z.boolean(),
});
export const teamSettingsSavedSchema = teamSettingsViewSchema.extend({ phonesUpdated: z.number().int() });
export const phoneRereadResultSchema = z.object({ count: z.number().int() });
