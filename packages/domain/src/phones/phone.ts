/**
 * Phone numbers (docs/leads.md, 'Teléfonos'): parsed with libphonenumber-js against the server's
 * DEFAULT_COUNTRY, stored in E.164 when they parse and as typed otherwise, shown in national format.
 */
import { type CountryCode, getExampleNumber, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';
import examples from 'libphonenumber-js/examples.mobile.json';

export type PhoneCountry = CountryCode;

export function isPhoneCountry(value: string): value is PhoneCountry {
  return isSupportedCountry(value);
}

function parseValid(phone: string, country: PhoneCountry) {
  const parsed = parsePhoneNumberFromString(phone, country);
  return parsed?.isValid() ? parsed : undefined;
}

/**
 * Whether a typed phone can be a number at all (the rule a lead's phone is validated by, whatever
 * the country): digits with the usual separators, 6 to 20 of them. Whether it parses in the
 * team's country only decides how it is stored (normalizePhone).
 */
export function isPlausiblePhone(phone: string): boolean {
  const digits = phone.replace(/\D/g, '').length;
  return /^[+\d\s().\-/]+$/.test(phone) && digits >= 6 && digits <= 20;
}

/** The `tel:` link of a phone: E.164 when it parses in the country, its digits (and a leading '+') otherwise. */
export function telLink(phone: string | null | undefined, country: PhoneCountry): string | null {
  const e164 = phoneE164(phone, country);
  if (e164) return `tel:${e164}`;
  const trimmed = (phone ?? '').trim();
  const digits = trimmed.replace(/\D/g, '');
  if (!digits) return null;
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
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
