/**
 * The command palette's lookups. Leads: a substring of search_text (name and email, without
 * accents), of the domain, or of the phone digits, each read from its trigram index on lead_search
 * (migration 2100), or of a contact's name, email or phone digits (contacts' own trigram indexes);
 * newest first. People and groups are few: matched in memory by the service.
 */
import type { LeadStatus, SearchTerms } from '@crm/domain';
import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { customValueExpression } from './custom-field-sql.js';
import type { Database } from '../database.js';
import type { DbOrTrx } from '../types.js';
import { anyInt } from './int-array.js';
import { IN_VISIBLE_GROUP } from './leads.repository.js';
import { type LeadReader, visibleLeads } from './lead-visibility.repository.js';
import { contactMatches, likePattern } from './text-match.js';

type FoundLead = { id: number; name: string; email: string | null; phone: string | null; status: LeadStatus };

/**
 * How many of the newest matches are taken from lead_search before their leads are read. Joining
 * every match to `leads` first (16,000 for a city's name) and sorting them cost up to 40 ms after a
 * bulk action had left the table full of dead row versions; the matches' ids alone sort in a few.
 */
const CANDIDATES = 50;

function matches(terms: SearchTerms) {
  const pattern = likePattern(terms.text);
  return (eb: ExpressionBuilder<Database, 'lead_search'>) =>
    eb.or([
      eb('lead_search.search_text', 'like', pattern),
      eb.and([eb('lead_search.domain_key', 'is not', null), eb('lead_search.domain_key', 'like', pattern)]),
      ...(terms.digits
        ? [eb.and([eb('lead_search.phone_key', 'is not', null), eb('lead_search.phone_key', 'like', likePattern(terms.digits))])]
        : []),
    ]);
}

/**
 * The newest leads whose text custom fields hold `text` (case-insensitive, as typed: the values
 * keep their accents), each field read from its trigram index (custom-field-sql.ts).
 */
async function customFieldCandidates(db: DbOrTrx, custom: CustomTextSearch): Promise<{ lead_id: number }[]> {
  if (custom.keys.length === 0) return [];
  const pattern = likePattern(custom.text);
  const conditions = custom.keys.map((key) => sql<SqlBool>`${customValueExpression(key, 'text')} ilike ${pattern}`);
  const { rows } = await sql<{ lead_id: number }>`select id as lead_id from leads where ${sql.join(conditions, sql` or `)}
    order by id desc limit ${CANDIDATES}`.execute(db);
  return rows;
}

/** Ctrl+K over the text custom fields too: their keys (checked against the definitions) and the term as typed. */
export interface CustomTextSearch {
  keys: readonly string[];
  text: string;
}

export async function searchLeads(
  db: DbOrTrx,
  terms: SearchTerms,
  limit: number,
  reader: LeadReader,
  custom: CustomTextSearch = { keys: [], text: '' },
): Promise<FoundLead[]> {
  // The newest matching leads by their own keys, their contacts' and their text custom fields, each list read from its own indexes.
  const [byLead, byContact, byCustom] = await Promise.all([
    db.selectFrom('lead_search').select('lead_id').where(matches(terms)).orderBy('lead_id', 'desc').limit(CANDIDATES).execute(),
    db.selectFrom('contacts').select('lead_id').where(contactMatches(terms)).orderBy('lead_id', 'desc').limit(CANDIDATES).execute(),
    customFieldCandidates(db, custom),
  ]);
  const candidates = [...new Set([...byLead, ...byContact, ...byCustom].map((row) => row.lead_id))]
    .sort((a, b) => b - a)
    .slice(0, CANDIDATES);
  if (candidates.length === 0) return [];
  const found = await readableLeads(db, reader)
    .where('leads.id', '=', anyInt(candidates))
    .orderBy('leads.id', 'desc')
    .limit(limit)
    .execute();
  // Only when the newest matches are mostly invisible (a group being deleted, or others' leads) and there may be
  // more: then the visible leads are read newest first until enough match, as the answer must not depend on them.
  if (found.length >= limit || [byLead, byContact, byCustom].every((list) => list.length < CANDIDATES)) return found;
  return readableLeads(db, reader)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('lead_search').select('lead_id').whereRef('lead_search.lead_id', '=', 'leads.id').where(matches(terms))),
        eb.exists(
          eb.selectFrom('contacts').select('contacts.id').whereRef('contacts.lead_id', '=', 'leads.id').where(contactMatches(terms)),
        ),
      ]),
    )
    .orderBy('leads.created_at', 'desc')
    .orderBy('leads.id', 'desc')
    .limit(limit)
    .execute();
}

const readableLeads = (db: DbOrTrx, reader: LeadReader) =>
  db
    .selectFrom('leads')
    .select(['leads.id', 'leads.name', 'leads.email', 'leads.phone', 'leads.status'])
    .where(IN_VISIBLE_GROUP)
    .where(visibleLeads(reader));
