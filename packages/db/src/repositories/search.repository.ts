/**
 * The command palette's lookups. Leads: a substring of search_text (name and email, without
 * accents), of the domain, or of the phone digits, each read from its trigram index on lead_search
 * (migration 2100); newest first. People and groups are few: matched in memory by the service.
 */
import type { LeadStatus, SearchTerms } from '@crm/domain';
import type { DbOrTrx } from '../types.js';
import { IN_VISIBLE_GROUP } from './leads.repository.js';

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

export async function searchLeads(
  db: DbOrTrx,
  terms: SearchTerms,
  limit: number,
): Promise<{ id: number; name: string; email: string | null; phone: string | null; status: LeadStatus }[]> {
  const pattern = likePattern(terms.text);
  return db
    .selectFrom('lead_search as s')
    .innerJoin('leads', 'leads.id', 's.lead_id')
    .select(['leads.id', 'leads.name', 'leads.email', 'leads.phone', 'leads.status'])
    .where((eb) =>
      eb.or([
        eb('s.search_text', 'like', pattern),
        eb.and([eb('s.domain_key', 'is not', null), eb('s.domain_key', 'like', pattern)]),
        ...(terms.digits ? [eb.and([eb('s.phone_key', 'is not', null), eb('s.phone_key', 'like', likePattern(terms.digits))])] : []),
      ]),
    )
    .where(IN_VISIBLE_GROUP)
    .orderBy('s.lead_id', 'desc')
    .limit(limit)
    .execute();
}
