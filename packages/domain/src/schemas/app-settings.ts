/** The server settings the web app reads (GET /api/settings). */
import type { PhoneCountry } from '../phones/phone.js';

export interface AppSettings {
  /** DEFAULT_COUNTRY: numbers typed without a country code belong to it. */
  phoneCountry: PhoneCountry;
  /** An example number of that country, for the phone fields. */
  phonePlaceholder: string;
}
