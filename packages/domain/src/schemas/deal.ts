/**
 * A lead's deal (docs/leads.md, 'Valor del trato'): its amount as an exact decimal string, the
 * currency of that amount, the expected close date and, once lost, why. Never a float: a JSON
 * number is taken only when it is a whole number; '1e3', negatives and more than 12 whole digits
 * or 2 decimals are refused in Spanish.
 */
import { z } from 'zod';
import { AMOUNT_PATTERN, canonicalDecimal } from '../format/decimal.js';
import { isoDateSchema, text } from './common.js';

export const AMOUNT_INVALID = 'Importe inválido: usa cifras y, si hace falta, punto y dos decimales (1500.50)';
export const AMOUNT_NEGATIVE = 'El importe no puede ser negativo';
export const AMOUNT_TOO_LONG = 'El importe admite hasta 12 cifras enteras y 2 decimales';
export const LOST_REASON_MAX = 500;

function amountProblem(value: string): string | undefined {
  if (AMOUNT_PATTERN.test(value)) return undefined;
  if (/^-\s*\d/.test(value)) return AMOUNT_NEGATIVE;
  if (/^\d+(\.\d+)?$/.test(value)) return AMOUNT_TOO_LONG;
  return AMOUNT_INVALID;
}

/** A non-negative amount → '1500.50' (always two decimals, as the database writes numeric(14,2)). */
export const amountSchema = z
  .union([z.string({ message: AMOUNT_INVALID }), z.number({ message: AMOUNT_INVALID })], { message: AMOUNT_INVALID })
  .transform((value, ctx) => {
    // A JSON number is a float already: only whole ones are exact (1500, never 1500.1).
    if (typeof value === 'number' && !Number.isSafeInteger(value)) {
      ctx.addIssue({ code: 'custom', message: value < 0 ? AMOUNT_NEGATIVE : AMOUNT_INVALID });
      return z.NEVER;
    }
    const textValue = String(value).trim();
    const problem = amountProblem(textValue);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return canonicalDecimal(textValue);
  });

/** For edits: absent leaves the amount alone; null or '' clears it. */
export const clearableAmountSchema = z.preprocess((value) => (value === '' ? null : value), amountSchema.nullable().optional());

export const currencyCodeSchema = text({ message: 'Moneda inválida: usa un código ISO de tres letras (EUR, USD, ARS…)' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { message: 'Moneda inválida: usa un código ISO de tres letras (EUR, USD, ARS…)' })
  .refine(
    (value) => {
      try {
        new Intl.NumberFormat('es-ES', { style: 'currency', currency: value });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'Moneda inválida: usa un código ISO de tres letras (EUR, USD, ARS…)' },
  );

/** For edits: absent leaves the date alone; null or '' clears it. */
export const clearableDateSchema = z.preprocess(
  (value) => (value === '' ? null : value),
  isoDateSchema('Fecha de cierre inválida').nullable().optional(),
);

/** The deal fields a create or an edit may carry (all optional; an edit's null clears). */
export const dealFieldsSchema = z.object({
  amount: clearableAmountSchema,
  /** The amount's currency; absent: the team's. */
  currency: currencyCodeSchema.nullable().optional(),
  expectedCloseDate: clearableDateSchema,
  lostReason: text()
    .trim()
    .max(LOST_REASON_MAX, { message: `Máximo ${LOST_REASON_MAX} caracteres` })
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null)),
});
export type DealFields = z.output<typeof dealFieldsSchema>;
