/** The command palette's search (GET /api/search?q=): leads, people and groups, five of each. */
import { z } from 'zod';
import { normalizeSearchText } from '../format/text-search.js';
import { text } from './common.js';
import { leadStatusSchema } from './lead.js';

export const SEARCH_LIMITS = { perKind: 5, minChars: 2, maxChars: 100, minPhoneDigits: 3 } as const;

export const searchQuerySchema = z.object({
  q: text()
    .trim()
    .max(SEARCH_LIMITS.maxChars, { message: `Máximo ${SEARCH_LIMITS.maxChars} caracteres` })
    .default(''),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;

export const searchResultsSchema = z.object({
  leads: z.array(
    z.object({ id: z.number(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable(), status: leadStatusSchema }),
  ),
  users: z.array(z.object({ id: z.number(), name: z.string(), email: z.string().nullable() })),
  groups: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

/** What a query looks for: its text without accents or case, and its digits when it reads as a phone number. */
export interface SearchTerms {
  text: string;
  /** Digits of a phone fragment ('612 34' → '61234'), without a trunk 0 ('011 2345' → '112345'); null otherwise. */
  digits: string | null;
}

const PHONE_FRAGMENT = /^[\d\s()+.\-/]+$/;

export function searchTermsOf(query: string): SearchTerms {
  const normalized = normalizeSearchText(query);
  const digits = PHONE_FRAGMENT.test(normalized) ? normalized.replace(/\D/g, '').replace(/^0+/, '') : '';
  return { text: normalized, digits: digits.length >= SEARCH_LIMITS.minPhoneDigits ? digits : null };
}
