/** The lead that already holds an email or phone, for the 409 a create or edit gets (docs/leads.md, 'Duplicados'). */
import type { DbOrTrx } from '../types.js';

export interface DuplicateLead {
  id: number;
  name: string;
  matched: 'email' | 'phone';
}

/**
 * The first lead (other than `exceptId`) whose email key equals `emailKey` or whose phone key is
 * one of `phoneKeys`; an email match wins. Both lookups read the partial key indexes of migration 0820.
 */
export async function findDuplicateLead(
  db: DbOrTrx,
  keys: { emailKey: string | null; phoneKeys: readonly string[]; exceptId?: number },
): Promise<DuplicateLead | undefined> {
  if (keys.emailKey) {
    let query = db.selectFrom('leads').select(['id', 'name']).where('email_key', '=', keys.emailKey);
    if (keys.exceptId !== undefined) query = query.where('id', '<>', keys.exceptId);
    const lead = await query.orderBy('id').limit(1).executeTakeFirst();
    if (lead) return { ...lead, matched: 'email' };
  }
  if (keys.phoneKeys.length > 0) {
    let query = db
      .selectFrom('leads')
      .select(['id', 'name'])
      .where('phone_key', 'in', [...keys.phoneKeys]);
    if (keys.exceptId !== undefined) query = query.where('id', '<>', keys.exceptId);
    const lead = await query.orderBy('id').limit(1).executeTakeFirst();
    if (lead) return { ...lead, matched: 'phone' };
  }
  return undefined;
}
