/** Builds the demo leads: grouped imports and manual entries, each with a status history that fits its age. */
import { type LeadStatus, leadSearchText } from '@crm/domain';
import { type DemoCategory, makeCompany } from './companies.js';
import { DEMO_GROUPS, MANUAL_LEADS } from './groups.js';
import { DAY_MS, type Random, addDaysBefore, daysBefore } from './random.js';

export interface SeedUser {
  id: number;
  name: string;
  systemRole: 'admin' | 'manager' | 'team_member';
  specializations: string[];
  skill: number;
}

export interface DemoLead {
  name: string;
  email: string;
  phone: string;
  category: DemoCategory;
  description: string;
  address: string | null;
  domain: string | null;
  status: LeadStatus;
  assignedTo: number | null;
  groupIndex: number | null;
  contactedBy: number | null;
  contactedAt: Date | null;
  convertedAt: Date | null;
  createdBy: number;
  createdAt: Date;
  search_text: string;
}

const MANUAL_CATEGORIES: Record<DemoCategory, number> = {
  tecnologia: 5,
  salud: 4,
  educacion: 3,
  finanzas: 3,
  retail: 4,
  legal: 2,
  inmobiliario: 2,
  otros: 1,
};

/** Who works a lead: a holder of the group's specialization when there is one, mostly Vendedores. */
function pickAssignee(random: Random, sellers: SeedUser[], managers: SeedUser[], role: string | null): SeedUser | null {
  if (random.chance(0.08)) return null;
  if (random.chance(0.06)) return random.pick(managers);
  const specialists = role ? sellers.filter((seller) => seller.specializations.includes(role)) : [];
  return random.pick(specialists.length > 0 && random.chance(0.8) ? specialists : sellers);
}

/** Status, contact and conversion times that are possible for a lead of this age. */
function history(random: Random, createdAt: Date, assignee: SeedUser | null, now: Date) {
  const ageDays = (now.getTime() - createdAt.getTime()) / DAY_MS;
  const none = { status: 'nuevo' as LeadStatus, contactedBy: null, contactedAt: null, convertedAt: null };
  if (!assignee) return random.chance(0.1) ? { ...none, status: 'perdido' as LeadStatus } : none;
  // Young leads are mostly still untouched; after three weeks most have been called.
  if (!random.chance(Math.min(0.92, 0.15 + ageDays / 25))) return none;
  const contactedAt = addDaysBefore(random, createdAt, 0.2 + random.next() * Math.min(14, ageDays * 0.6), now);
  const daysSinceContact = (now.getTime() - contactedAt.getTime()) / DAY_MS;
  const ripeness = Math.min(1, daysSinceContact / 40);
  const status = random.weighted<Exclude<LeadStatus, 'nuevo'>>({
    convertido: assignee.skill * 1.1 * ripeness,
    perdido: 0.22 * ripeness + 0.03,
    interesado: 0.25,
    contactado: 0.3 * (1.2 - ripeness),
  });
  const convertedAt =
    status === 'convertido' ? addDaysBefore(random, contactedAt, 1 + random.next() * Math.min(45, daysSinceContact), now) : null;
  return { status, contactedBy: assignee.id, contactedAt, convertedAt };
}

export function buildLeads(random: Random, users: SeedUser[], now: Date): DemoLead[] {
  const sellers = users.filter((user) => user.systemRole === 'team_member');
  const managers = users.filter((user) => user.systemRole === 'manager');
  const creators = users.filter((user) => user.systemRole !== 'team_member');
  const leads: DemoLead[] = [];
  let serial = 0;

  const add = (category: DemoCategory, createdAt: Date, groupIndex: number | null, role: string | null, city?: string) => {
    serial += 1;
    const company = makeCompany(random, category, serial, city);
    const assignee = pickAssignee(random, sellers, managers, role);
    const fromImport = groupIndex !== null;
    leads.push({
      name: company.name,
      email: company.email,
      phone: company.phone,
      category,
      description: company.description,
      address: fromImport ? company.address : null,
      domain: fromImport ? company.domain : null,
      ...history(random, createdAt, assignee, now),
      assignedTo: assignee?.id ?? null,
      groupIndex,
      createdBy: random.pick(creators).id,
      createdAt,
      search_text: leadSearchText(company.name, company.email),
    });
  };

  DEMO_GROUPS.forEach((group, groupIndex) => {
    const importedAt = daysBefore(now, group.importedDaysAgo);
    for (let i = 0; i < group.size; i += 1) {
      add(group.category, new Date(importedAt.getTime() + i * 1000), groupIndex, group.role, group.city);
    }
  });

  for (let i = 0; i < MANUAL_LEADS; i += 1) {
    // Skewed towards recent months: the team has been growing its pipeline.
    const age = 365 * (1 - Math.sqrt(random.next()));
    add(random.weighted(MANUAL_CATEGORIES), daysBefore(now, age), null, null);
  }
  return leads;
}
