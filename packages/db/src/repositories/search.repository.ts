/**
 * The command palette's lookups. Leads: a substring of search_text (name and email, without
 * accents), of the domain, or of the phone digits, each read from its trigram index (migrations
 * 0820 and 1600); newest first. People and groups are few: matched in memory by the service.
 */
import type { LeadStatus, SearchTerms } from '@crm/domain';
import { sql } from 'kysely';
import type { DbOrTrx } from '../types.js';
import { NOT_IN_STAGED_GROUP } from './leads.repository.js';

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

export async function searchLeads(
  db: DbOrTrx,
  terms: SearchTerms,
  limit: number,
): Promise<{ id: number; name: string; email: string | null; phone: string | null; status: LeadStatus }[]> {
  const pattern = likePattern(terms.text);
  return db
    .selectFrom('leads')
    .select(['id', 'name', 'email', 'phone', 'status'])
    .where((eb) =>
      eb.or([
        eb('search_text', 'like', pattern),
        eb.and([eb('domain', 'is not', null), eb(sql<string>`lower(domain)`, 'like', pattern)]),
        ...(terms.digits ? [eb.and([eb('phone_key', 'is not', null), eb('phone_key', 'like', likePattern(terms.digits))])] : []),
      ]),
    )
    .where(NOT_IN_STAGED_GROUP)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
