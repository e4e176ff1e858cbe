/** Plain domain values for component tests. */
import type { LeadListItem, User } from '@crm/domain';

export function aLead(fields: Partial<LeadListItem> = {}): LeadListItem {
  return {
    id: 31,
    name: 'Clínica Dental Sonrisa',
    email: 'hola@sonrisa.es',
    phone: '+34 600 111 222',
    category: 'salud',
    description: null,
    status: 'nuevo',
    assignedTo: null,
    groupId: null,
    contactedBy: null,
    contactedAt: null,
    address: null,
    domain: null,
    amount: null,
    currency: null,
    expectedCloseDate: null,
    lostReason: null,
    createdAt: new Date('2026-03-02T09:00:00Z'),
    assignee: null,
    contactedByUser: null,
    tracking: null,
    nextFollowUp: null,
    customFields: {},
    tags: [],
    primaryContact: null,
    ...fields,
  };
}

/** A signed-in user of that role. */
export function aUser(fields: Partial<User> = {}): User {
  const systemRole = fields.systemRole ?? 'team_member';
  return {
    id: 7,
    firstName: 'Lucía',
    lastName: 'Prueba',
    email: 'lucia@empresa.es',
    username: 'lucia',
    teamId: null,
    teamName: null,
    phone: null,
    bio: null,
    profileImageUrl: null,
    createdAt: new Date('2026-01-01T10:00:00Z'),
    available: true,
    twoFactorEnabled: false,
    ...fields,
    systemRole,
    role: systemRole,
  };
}
