/**
 * The text searches' shared conditions: a substring of a trigram-indexed search key, and a contact
 * that matches a search (the Leads screen's box and Ctrl+K find a lead by its contacts the same way).
 */
import type { SearchTerms } from '@crm/domain';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../database.js';

/** `like '%term%'` with the user's own % _ \ taken literally (a trigram index serves it). */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

/** A contact's name or email (search_text), or its phone digits, each from its trigram index on contacts (migration 2026-11-27T2000). */
export function contactMatches(terms: SearchTerms) {
  const pattern = likePattern(terms.text);
  return (eb: ExpressionBuilder<Database, 'contacts'>) =>
    eb.or([
      eb('contacts.search_text', 'like', pattern),
      ...(terms.digits
        ? [eb.and([eb('contacts.phone_key', 'is not', null), eb('contacts.phone_key', 'like', likePattern(terms.digits))])]
        : []),
    ]);
}
