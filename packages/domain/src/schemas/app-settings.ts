/** The server settings the web app reads (GET /api/settings). */
import { z } from 'zod';
import type { PhoneCountry } from '../phones/phone.js';

export interface AppSettings {
  /** The team settings' country (DEFAULT_COUNTRY until an admin sets it): numbers typed without a country code belong to it. */
  phoneCountry: PhoneCountry;
  /** An example number of that country, for the phone fields. */
  phonePlaceholder: string;
}
export const appSettingsSchema = z.object({ phoneCountry: z.string(), phonePlaceholder: z.string() });
