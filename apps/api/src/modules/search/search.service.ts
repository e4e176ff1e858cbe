/** Search everything (Ctrl+K): leads by name, email, domain, phone fragment or text custom field; people; groups. Five of each. */
import { listCustomFields, listLeadGroupNames, listUsers, searchLeads } from '@crm/db';
import { TEXT_TYPES, SEARCH_LIMITS, type SearchQuery, type SearchResults, fullName, normalizeSearchText, searchTermsOf } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { leadReaderOf } from '../leads/lead-reader.js';

/** The active text custom fields of leads, which Ctrl+K also looks in. */
async function textFieldKeys(ctx: ServiceContext): Promise<string[]> {
  const fields = await listCustomFields(ctx.db, { entity: 'lead' });
  return fields.filter((field) => TEXT_TYPES.includes(field.type)).map((field) => field.key);
}

const includes = (haystack: string | null | undefined, needle: string) => normalizeSearchText(haystack).includes(needle);

export async function searchEverything(ctx: ServiceContext, query: SearchQuery): Promise<SearchResults> {
  requirePermission(ctx, 'lead.read');
  const terms = searchTermsOf(query.q);
  if (terms.text.length < SEARCH_LIMITS.minChars) return { leads: [], users: [], groups: [] };
  const [leads, users, groups] = await Promise.all([
    searchLeads(ctx.db, terms, SEARCH_LIMITS.perKind, await leadReaderOf(ctx), { keys: await textFieldKeys(ctx), text: query.q.trim() }),
    listUsers(ctx.db),
    listLeadGroupNames(ctx.db),
  ]);
  return {
    leads,
    users: users
      .map((user) => ({ id: user.id, name: fullName(user.firstName, user.lastName, user.username), email: user.email }))
      .filter((user) => includes(user.name, terms.text) || includes(user.email, terms.text))
      .slice(0, SEARCH_LIMITS.perKind),
    groups: groups.filter((group) => includes(group.name, terms.text)).slice(0, SEARCH_LIMITS.perKind),
  };
}
