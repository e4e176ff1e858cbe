/** Test helpers: leads and activities written straight to the database with chosen timestamps. */
import type { Db } from '@crm/db';
import type { LeadStatus } from '@crm/domain';

const DAY = 86_400_000;

export function daysAgo(days: number, now: number = Date.now()): Date {
  return new Date(now - days * DAY);
}

export interface LeadFixture {
  status?: LeadStatus;
  assignedTo?: number | null;
  createdAt?: Date;
  convertedAt?: Date | null;
}

export async function insertLeads(db: Db, leads: LeadFixture[]): Promise<void> {
  if (leads.length === 0) return;
  await db
    .insertInto('leads')
    .values(
      leads.map((lead, index) => ({
        name: `Lead de prueba ${index}`,
        category: 'tecnologia',
        status: lead.status ?? 'nuevo',
        assigned_to: lead.assignedTo ?? null,
        created_at: lead.createdAt ?? new Date(),
        converted_at: lead.convertedAt ?? (lead.status === 'convertido' ? (lead.createdAt ?? new Date()) : null),
      })),
    )
    .execute();
}

/** Clears leads between tests of one file (activities keep their lead_id nullable). */
export async function deleteAllLeads(db: Db): Promise<void> {
  await db.deleteFrom('leads').execute();
}
