/**
 * The phone country before a team chooses its own, apart from the parser: a first screen that needs
 * only this does not pull libphonenumber's metadata into its chunk.
 */
import type { PhoneCountry } from './phone.js';

/** The spec's 54 rule is Argentina's, so AR is the default (DEFAULT_COUNTRY). */
export const DEFAULT_PHONE_COUNTRY: PhoneCountry = 'AR';
