/**
 * The keys a lead is de-duplicated and searched by. The email and phone keys mirror the
 * generated columns of migration 0820 (leads.email_key, leads.phone_key) exactly.
 */
import { normalizeSearchText } from '../format/text-search.js';
import { type PhoneCountry, phoneDigitKeys } from '../phones/phone.js';

/** Phones with fewer digits than this are too short to tell two businesses apart. */
export const MIN_PHONE_KEY_DIGITS = 6;

export function leadEmailKey(email: string | null | undefined): string | null {
  const key = (email ?? '').trim().toLowerCase();
  return key || null;
}

export function leadPhoneKey(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/[^0-9]/g, '');
  return digits.length >= MIN_PHONE_KEY_DIGITS ? digits : null;
}

/** leads.search_text: what the list's text search (name and email) looks in. */
export function leadSearchText(name: string, email: string | null | undefined): string {
  return normalizeSearchText(`${name} ${email ?? ''}`);
}

/** Every phone key a lead with this phone could have been stored under (see phoneDigitKeys), long enough to compare. */
export function leadPhoneKeys(phone: string | null | undefined, country: PhoneCountry): string[] {
  return phoneDigitKeys(phone, country).filter((digits) => digits.length >= MIN_PHONE_KEY_DIGITS);
}
