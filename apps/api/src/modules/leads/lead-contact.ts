/**
 * A lead's email and phone as create and edit store them (docs/leads.md, 'Teléfonos' and
 * 'Duplicados'): the phone in E.164 by the team's country, and a 409 naming the lead that already has either.
 */
import { type DbOrTrx, UNIQUE_INDEXES, findDuplicateLead, uniqueViolationOf } from '@crm/db';
import { DomainError, type PhoneCountry, leadEmailKey, leadPhoneKeys, normalizePhone } from '@crm/domain';

/** Absent stays absent (an edit leaving the phone alone). */
export function normalizeLeadPhone(country: PhoneCountry, phone: string | null | undefined): string | null | undefined {
  return phone === undefined ? undefined : normalizePhone(phone, country);
}

/**
 * Refuses (409) an email or phone another lead has, the message naming it and `existingLead` giving
 * its id for the dialog's 'Ver lead'. Two writes racing with the same key both pass this check; the
 * unique key indexes refuse the later one (see refusingDuplicateRace).
 */
export async function assertNoDuplicateLead(
  country: PhoneCountry,
  trx: DbOrTrx,
  contact: { email: string | null | undefined; phone: string | null | undefined; exceptId?: number },
): Promise<void> {
  const emailKey = leadEmailKey(contact.email);
  const phoneKeys = leadPhoneKeys(contact.phone, country);
  if (!emailKey && phoneKeys.length === 0) return;
  const existing = await findDuplicateLead(trx, { emailKey, phoneKeys, exceptId: contact.exceptId });
  if (!existing) return;
  const what = existing.matched === 'email' ? 'ese email' : 'ese teléfono';
  throw new DomainError('CONFLICT', `Ya existe un lead con ${what}: ${existing.name}`, undefined, {
    existingLead: { id: existing.id, name: existing.name },
  });
}

const DUPLICATE_RACE = 'Ya existe un lead con ese email o teléfono';

/**
 * Runs a lead write; when the unique key indexes refuse it (another write with the same email or
 * phone committed after the check above), answers the same 409, naming the lead that won.
 */
export async function refusingDuplicateRace<T>(
  country: PhoneCountry,
  db: DbOrTrx,
  contact: { email: string | null | undefined; phone: string | null | undefined; exceptId?: number },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const index = uniqueViolationOf(error);
    if (index !== UNIQUE_INDEXES.leadEmail && index !== UNIQUE_INDEXES.leadPhone) throw error;
    await assertNoDuplicateLead(country, db, contact);
    throw new DomainError('CONFLICT', DUPLICATE_RACE);
  }
}
