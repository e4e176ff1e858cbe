import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  can,
  canAtAll,
  rolesAllowed,
  canSee,
  canEditLeadNote,
  canManageFollowUp,
  canSetLeadStatus,
  leadStatusRefusal,
  defaultFollowUpOwner,
  editableUserFields,
  removesLastAdmin,
  SCREEN_ROLES,
  type Action,
  type Actor,
  type Screen,
} from './permissions.js';
import { LEAD_STATUSES, type LeadStatus } from './leads/statuses.js';
import type { SystemRole } from './roles.js';

const actors: Record<SystemRole, Actor> = {
  admin: { id: 1, systemRole: 'admin' },
  manager: { id: 2, systemRole: 'manager' },
  team_member: { id: 3, systemRole: 'team_member' },
};

type Target = 'self' | 'otherAdmin' | 'otherManager' | 'otherMember' | 'none';
const TARGETS: Target[] = ['self', 'otherAdmin', 'otherManager', 'otherMember', 'none'];

function target(actor: Actor, kind: Target) {
  switch (kind) {
    case 'self':
      return { id: actor.id, systemRole: actor.systemRole };
    case 'otherAdmin':
      return { id: 101, systemRole: 'admin' as const };
    case 'otherManager':
      return { id: 102, systemRole: 'manager' as const };
    case 'otherMember':
      return { id: 103, systemRole: 'team_member' as const };
    case 'none':
      return undefined;
  }
}

/** The permission table (docs/roles-and-permissions.md) cell by cell: [self, other admin, other manager, other member, no target]. */
type Row = [boolean, boolean, boolean, boolean, boolean];
const TABLE: Record<Action, Record<SystemRole, Row>> = {
  'lead.manage': {
    admin: [true, true, true, true, true],
    manager: [true, true, true, true, true],
    team_member: [false, false, false, false, false],
  },
  'lead.read': {
    admin: [true, true, true, true, true],
    manager: [true, true, true, true, true],
    team_member: [true, true, true, true, true],
  },
  'lead.delete': {
    admin: [true, true, true, true, true],
    manager: [true, true, true, true, true],
    team_member: [false, false, false, false, false],
  },
  'tag.manage': {
    admin: [true, true, true, true, true],
    manager: [true, true, true, true, true],
    team_member: [false, false, false, false, false],
  },
  'followUp.team': {
    admin: [true, true, true, true, true],
    manager: [true, true, true, true, true],
    team_member: [false, false, false, false, false],
  },
  // The target carries the role being created: a manager only creates team_members.
  'user.create': {
    admin: [true, true, true, true, true],
    manager: [false, false, false, true, false],
    team_member: [false, false, false, false, false],
  },
  'user.changeRole': {
    admin: [true, true, true, true, true],
    manager: [false, false, false, false, false],
    team_member: [false, false, false, false, false],
  },
  'user.editProfile': {
    admin: [true, true, true, true, false],
    manager: [true, false, false, true, false],
    team_member: [true, false, false, false, false],
  },
  // 'Disponible para asignación': as profiles are edited.
  'user.setAvailability': {
    admin: [true, true, true, true, false],
    manager: [true, false, false, true, false],
    team_member: [true, false, false, false, false],
  },
  'user.delete': {
    admin: [false, true, true, true, false],
    manager: [false, false, false, true, false],
    team_member: [false, false, false, false, false],
  },
  'customRole.manage': {
    admin: [true, true, true, true, true],
    manager: [true, true, true, true, true],
    team_member: [false, false, false, false, false],
  },
  'team.read': {
    admin: [true, true, true, true, true],
    manager: [true, true, true, true, true],
    team_member: [true, true, true, true, true],
  },
  'analytics.read': {
    admin: [true, true, true, true, true],
    manager: [false, false, false, false, false],
    team_member: [false, false, false, false, false],
  },
  'chat.use': {
    admin: [true, true, true, true, true],
    manager: [true, true, true, true, true],
    team_member: [true, true, true, true, true],
  },
  'settings.manage': {
    admin: [true, true, true, true, true],
    manager: [false, false, false, false, false],
    team_member: [false, false, false, false, false],
  },
  'apiToken.manage': {
    admin: [true, true, true, true, true],
    manager: [true, true, true, true, true],
    team_member: [true, true, true, true, true],
  },
  'apiToken.manageAll': {
    admin: [true, true, true, true, true],
    manager: [false, false, false, false, false],
    team_member: [false, false, false, false, false],
  },
  'webhook.manage': {
    admin: [true, true, true, true, true],
    manager: [false, false, false, false, false],
    team_member: [false, false, false, false, false],
  },
  'webForm.manage': {
    admin: [true, true, true, true, true],
    manager: [true, true, true, true, true],
    team_member: [false, false, false, false, false],
  },
  'user.resetSecondFactor': {
    admin: [true, true, true, true, true],
    manager: [false, false, false, false, false],
    team_member: [false, false, false, false, false],
  },
  'user.createPasswordResetLink': {
    admin: [true, true, true, true, true],
    manager: [false, false, false, false, false],
    team_member: [false, false, false, false, false],
  },
  'role.requireSecondFactor': {
    admin: [true, true, true, true, true],
    manager: [false, false, false, false, false],
    team_member: [false, false, false, false, false],
  },
  'audit.read': {
    admin: [true, true, true, true, true],
    manager: [false, false, false, false, false],
    team_member: [false, false, false, false, false],
  },
  'customField.manage': {
    admin: [true, true, true, true, true],
    manager: [false, false, false, false, false],
    team_member: [false, false, false, false, false],
  },
  'role.setLeadVisibility': {
    admin: [true, true, true, true, true],
    manager: [false, false, false, false, false],
    team_member: [false, false, false, false, false],
  },
  'lead.personalData': {
    admin: [true, true, true, true, true],
    manager: [false, false, false, false, false],
    team_member: [false, false, false, false, false],
  },
  'team.manage': {
    admin: [true, true, true, true, true],
    manager: [true, true, true, true, true],
    team_member: [false, false, false, false, false],
  },
};

describe('can', () => {
  it('has a row for every action', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ACTIONS].sort());
  });

  const cases = ACTIONS.flatMap((action) =>
    (Object.keys(actors) as SystemRole[]).flatMap((role) =>
      TARGETS.map((kind, index) => [action, role, kind, TABLE[action][role][index]] as const),
    ),
  );

  it.each(cases)('%s by %s on %s target is %s', (action, role, kind, expected) => {
    const actor = actors[role];
    expect(can(actor, action, target(actor, kind))).toBe(expected);
  });

  it('refuses an admin deleting themself', () => {
    expect(can(actors.admin, 'user.delete', { id: 1, systemRole: 'admin' })).toBe(false);
  });

  it('refuses a manager creating an admin or a manager', () => {
    expect(can(actors.manager, 'user.create', { id: 0, systemRole: 'admin' })).toBe(false);
    expect(can(actors.manager, 'user.create', { id: 0, systemRole: 'manager' })).toBe(false);
  });
});

describe('canSee', () => {
  const everyScreen = Object.keys(SCREEN_ROLES) as Screen[];
  const everyday: Screen[] = ['dashboard', 'leads', 'chat', 'whatsapp', 'profile'];

  it.each(everyday)('shows %s to every role', (screen) => {
    expect(canSee('admin', screen)).toBe(true);
    expect(canSee('manager', screen)).toBe(true);
    expect(canSee('team_member', screen)).toBe(true);
  });

  it('shows an admin every screen', () => {
    for (const screen of everyScreen) expect(canSee('admin', screen), screen).toBe(true);
  });

  it('keeps the team screen, analytics and Configuración for admins', () => {
    for (const screen of ['team', 'analytics', 'settings'] as const) {
      expect(canSee('manager', screen), screen).toBe(false);
      expect(canSee('team_member', screen), screen).toBe(false);
    }
  });

  it('lets managers, not team_members, open user and role management', () => {
    for (const screen of ['userManagement', 'roleManagement'] as const) {
      expect(canSee('manager', screen), screen).toBe(true);
      expect(canSee('team_member', screen), screen).toBe(false);
    }
  });

  it('shows a team_member nothing beyond the everyday screens', () => {
    expect(everyScreen.filter((screen) => canSee('team_member', screen)).sort()).toEqual([...everyday].sort());
  });
});

describe('canSetLeadStatus', () => {
  const member = actors.team_member;
  const own = { assignedTo: member.id, contactedBy: null };
  // Unassigned: whoever contacted it owns it; once assigned, only the assignee does.
  const contactedByMe = { assignedTo: null, contactedBy: member.id };
  const foreign = { assignedTo: 99, contactedBy: 98 };
  const unassigned = { assignedTo: null, contactedBy: null };

  it.each(LEAD_STATUSES)('lets admins and managers set %s on any lead', (status) => {
    expect(canSetLeadStatus(actors.admin, foreign, status)).toBe(true);
    expect(canSetLeadStatus(actors.manager, unassigned, status)).toBe(true);
  });

  it('lets a team_member mark any lead contactado', () => {
    expect(canSetLeadStatus(member, foreign, 'contactado')).toBe(true);
    expect(canSetLeadStatus(member, unassigned, 'contactado')).toBe(true);
  });

  const ownerMoves: LeadStatus[] = ['interesado', 'convertido', 'perdido'];
  it.each(ownerMoves)('lets a team_member move their own lead to %s', (status) => {
    expect(canSetLeadStatus(member, own, status)).toBe(true);
    expect(canSetLeadStatus(member, contactedByMe, status)).toBe(true);
  });

  it.each(ownerMoves)("refuses a team_member moving someone else's lead to %s", (status) => {
    expect(canSetLeadStatus(member, foreign, status)).toBe(false);
    expect(canSetLeadStatus(member, unassigned, status)).toBe(false);
  });

  it('refuses a team_member sending their own lead back to nuevo', () => {
    expect(canSetLeadStatus(member, own, 'nuevo')).toBe(false);
  });
});

describe('leadStatusRefusal', () => {
  const member = actors.team_member;
  const own = { assignedTo: member.id, contactedBy: null };
  const foreign = { assignedTo: 99, contactedBy: 98 };

  it("says a team_member may move only their own leads when the lead is someone else's", () => {
    expect(leadStatusRefusal(member, foreign, 'convertido')).toMatch(/^Solo puedes mover tus leads/);
  });

  it('names the statuses a team_member may move their own lead to', () => {
    expect(leadStatusRefusal(member, own, 'nuevo')).toBe('Tus leads solo pueden pasar a Interesado, Convertido o Perdido');
  });

  it("does not let marking a colleague's lead contacted make it one's own", () => {
    const marked = { assignedTo: 99, contactedBy: member.id };
    expect(leadStatusRefusal(member, marked, 'convertido')).toMatch(/^Solo puedes mover tus leads/);
    expect(leadStatusRefusal(member, { assignedTo: null, contactedBy: member.id }, 'convertido')).toBeNull();
  });

  it("limits a team_member's bulk 'contactado' to their own and unassigned leads", () => {
    expect(leadStatusRefusal(member, foreign, 'contactado')).toBeNull();
    expect(leadStatusRefusal(member, foreign, 'contactado', 'bulk')).toMatch(/^Solo puedes marcar como contactados/);
    expect(leadStatusRefusal(member, { assignedTo: null, contactedBy: null }, 'contactado', 'bulk')).toBeNull();
    expect(leadStatusRefusal(actors.manager, foreign, 'contactado', 'bulk')).toBeNull();
  });

  it('has no reason when the move is allowed', () => {
    expect(leadStatusRefusal(member, own, 'convertido')).toBeNull();
    expect(leadStatusRefusal(actors.manager, foreign, 'nuevo')).toBeNull();
  });
});

describe('editableUserFields', () => {
  it('lets a team_member edit their own profile fields but not their team name', () => {
    expect(editableUserFields(actors.team_member, actors.team_member)).toEqual(['firstName', 'lastName', 'email', 'phone', 'bio']);
  });
  it('lets admins and managers change the team name of whom they edit, and nothing on others', () => {
    expect(editableUserFields(actors.admin, actors.manager)).toContain('teamName');
    expect(editableUserFields(actors.manager, actors.manager)).toContain('teamName');
    expect(editableUserFields(actors.manager, actors.team_member)).toContain('teamName');
    expect(editableUserFields(actors.manager, { id: 200, systemRole: 'admin' })).toEqual([]);
    expect(editableUserFields(actors.team_member, { id: 201, systemRole: 'team_member' })).toEqual([]);
  });
});

describe('removesLastAdmin', () => {
  it('is true only when the target is the one active admin left', () => {
    expect(removesLastAdmin([7], 7)).toBe(true);
    expect(removesLastAdmin([7, 9], 7)).toBe(false);
    expect(removesLastAdmin([7], 8)).toBe(false);
  });
});

describe('notes and follow-ups', () => {
  it("lets only a note's author edit it, whatever their role", () => {
    expect(canEditLeadNote(actors.team_member, { authorId: 3 })).toBe(true);
    expect(canEditLeadNote(actors.admin, { authorId: 3 })).toBe(false);
    expect(canEditLeadNote(actors.admin, { authorId: null })).toBe(false);
  });

  it("lets admins and managers manage anyone's follow-ups and a team_member only their own", () => {
    expect(canManageFollowUp(actors.admin, { ownerId: 3 })).toBe(true);
    expect(canManageFollowUp(actors.manager, { ownerId: 3 })).toBe(true);
    expect(canManageFollowUp(actors.team_member, { ownerId: 3 })).toBe(true);
    expect(canManageFollowUp(actors.team_member, { ownerId: 2 })).toBe(false);
  });

  it("gives a new follow-up to the lead's assignee, else its creator; a team_member's to themself", () => {
    expect(defaultFollowUpOwner(actors.manager, { assignedTo: 7, createdBy: 8 })).toBe(7);
    expect(defaultFollowUpOwner(actors.manager, { assignedTo: null, createdBy: 8 })).toBe(8);
    expect(defaultFollowUpOwner(actors.manager, { assignedTo: null, createdBy: null })).toBe(2);
    expect(defaultFollowUpOwner(actors.team_member, { assignedTo: 7, createdBy: 8 })).toBe(3);
  });
});

describe('canAtAll: the gate an endpoint declares', () => {
  it('is can for actions without a target', () => {
    expect(rolesAllowed('lead.manage')).toEqual(['admin', 'manager']);
    expect(rolesAllowed('analytics.read')).toEqual(['admin']);
    expect(rolesAllowed('lead.read')).toEqual(['admin', 'manager', 'team_member']);
  });

  it('lets through whoever may act on some user, leaving the row to the service', () => {
    // Everyone edits their own profile; only admins and managers create or delete anyone.
    expect(rolesAllowed('user.editProfile')).toEqual(['admin', 'manager', 'team_member']);
    expect(rolesAllowed('user.setAvailability')).toEqual(['admin', 'manager', 'team_member']);
    expect(rolesAllowed('user.create')).toEqual(['admin', 'manager']);
    expect(rolesAllowed('user.delete')).toEqual(['admin', 'manager']);
    expect(rolesAllowed('user.changeRole')).toEqual(['admin']);
    expect(canAtAll({ id: 7, systemRole: 'team_member' }, 'user.delete')).toBe(false);
  });
});
