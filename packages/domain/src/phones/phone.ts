/**
 * Phone numbers (docs/leads.md, 'Teléfonos'): parsed with libphonenumber-js against the server's
 * DEFAULT_COUNTRY, stored in E.164 when they parse and as typed otherwise, shown in national format.
 */
import { type CountryCode, getExampleNumber, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';
import examples from 'libphonenumber-js/examples.mobile.json';

export type PhoneCountry = CountryCode;

/** The spec's 54 rule is Argentina's, so AR is the default (DEFAULT_COUNTRY). */
export const DEFAULT_PHONE_COUNTRY: PhoneCountry = 'AR';

export function isPhoneCountry(value: string): value is PhoneCountry {
  return isSupportedCountry(value);
}

function parseValid(phone: string, country: PhoneCountry) {
  const parsed = parsePhoneNumberFromString(phone, country);
  return parsed?.isValid() ? parsed : undefined;
}

/** What is stored: E.164 ('+34612345987') when the number parses, the trimmed text otherwise; null when empty. */
export function normalizePhone(phone: string | null | undefined, country: PhoneCountry): string | null {
  const trimmed = (phone ?? '').trim();
  if (!trimmed) return null;
  return parseValid(trimmed, country)?.number ?? trimmed;
}

/** For people: national format for the country's own numbers ('612 34 59 87'), international for others, as stored otherwise. */
export function formatPhone(phone: string | null | undefined, country: PhoneCountry): string {
  const trimmed = (phone ?? '').trim();
  const parsed = trimmed ? parseValid(trimmed, country) : undefined;
  if (!parsed) return trimmed;
  return parsed.country === country ? parsed.formatNational() : parsed.formatInternational();
}

/** E.164 for the vCard and the WhatsApp link; null when the number does not parse. */
export function phoneE164(phone: string | null | undefined, country: PhoneCountry): string | null {
  const trimmed = (phone ?? '').trim();
  return (trimmed && parseValid(trimmed, country)?.number) || null;
}

/** The phone field's placeholder: an example mobile number of the country, as people type it. */
export function phonePlaceholder(country: PhoneCountry): string {
  return getExampleNumber(country, examples)?.formatNational() ?? '';
}

/**
 * The digits a stored phone is de-duplicated and searched by. Besides the stored form's own
 * digits, a number that parses is also known by its national digits, so a lead saved before
 * numbers were normalised ('612 345 987') still matches the E.164 one ('+34612345987').
 */
export function phoneDigitKeys(phone: string | null | undefined, country: PhoneCountry): string[] {
  const trimmed = (phone ?? '').trim();
  const keys = new Set<string>();
  const digits = trimmed.replace(/\D/g, '');
  if (digits) keys.add(digits);
  const parsed = trimmed ? parseValid(trimmed, country) : undefined;
  if (parsed) {
    keys.add(parsed.number.replace(/\D/g, ''));
    keys.add(parsed.nationalNumber);
  }
  return [...keys];
}
