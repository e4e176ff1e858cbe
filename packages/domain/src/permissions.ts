/** The permission table of docs/roles-and-permissions.md as data: the API enforces it, the web app hides what it refuses. */
import { OWNER_STATUS_MOVES, type LeadStatus } from './leads/statuses.js';
import { SYSTEM_ROLES, type SystemRole } from './roles.js';

export interface Actor {
  id: number;
  systemRole: SystemRole;
}

/** The user an action targets, when it targets one. */
export interface TargetUser {
  id: number;
  systemRole: SystemRole;
}

export const ACTIONS = [
  'lead.manage', // create / import / assign / edit a lead, delete a group
  'lead.read', // read leads, groups, tracking; mark contacted; tracking writes; download; notes; own follow-ups
  'lead.delete',
  'tag.manage', // create, rename, recolour and delete tags (putting them on leads is lead.manage)
  'followUp.team', // see and manage the whole team's follow-ups
  'user.create',
  'user.changeRole',
  'user.editProfile',
  'user.delete',
  'customRole.manage',
  'user.setAvailability', // 'Disponible para asignación': oneself, or admin / manager as for profiles
  'team.read',
  'analytics.read',
  'chat.use',
  'settings.manage', // the team settings ('Configuración'); everyone reads them
  'apiToken.manage', // one's own API tokens: create, list, revoke
  'apiToken.manageAll', // everyone's API tokens: list with their owners, revoke
  'webhook.manage', // 'Configuración → Webhooks': endpoints, secrets, the delivery log
  'webForm.manage', // 'Formularios': create, edit, delete web forms and read their submissions
  'audit.read', // 'Configuración → Auditoría': the audit log and its CSV
  'user.resetSecondFactor', // remove someone's 2FA (they lost their phone and their recovery codes)
  'user.createPasswordResetLink', // a one-time link for someone who forgot their password
  'role.requireSecondFactor', // require 2FA of a system or custom role's members
  'role.setLeadVisibility', // which leads a system or custom role's members see
  'lead.personalData', // the personal data of a lead or a contact: export it (GDPR art. 15) or anonymise it (art. 17)
  'team.manage', // create teams, rename or hand over any team (a manager renames his own; docs/teams.md)
  'customField.manage', // 'Configuración → Campos personalizados': define, edit, reorder, archive (everyone reads them)
] as const;
export type Action = (typeof ACTIONS)[number];

type Rule = (actor: Actor, target: TargetUser | undefined) => boolean;

const everyone: Rule = () => true;
const adminOrManager: Rule = (actor) => actor.systemRole === 'admin' || actor.systemRole === 'manager';
const adminOnly: Rule = (actor) => actor.systemRole === 'admin';

const RULES: Record<Action, Rule> = {
  'lead.manage': adminOrManager,
  'lead.read': everyone,
  'lead.delete': adminOrManager,
  'tag.manage': adminOrManager,
  'followUp.team': adminOrManager,
  // Creating: an admin any role, a manager only team_members (target carries the requested role).
  'user.create': (actor, target) =>
    actor.systemRole === 'admin' || (actor.systemRole === 'manager' && target?.systemRole === 'team_member'),
  'user.changeRole': adminOnly,
  'user.editProfile': (actor, target) => {
    if (!target) return false;
    if (actor.id === target.id) return true;
    if (actor.systemRole === 'admin') return true;
    return actor.systemRole === 'manager' && target.systemRole === 'team_member';
  },
  'user.delete': (actor, target) => {
    if (!target || actor.id === target.id) return false;
    if (actor.systemRole === 'admin') return true;
    return actor.systemRole === 'manager' && target.systemRole === 'team_member';
  },
  'customRole.manage': adminOrManager,
  'user.setAvailability': (actor, target) => RULES['user.editProfile'](actor, target),
  // Everyone reads the team list and performance (the dashboard needs them).
  'team.read': everyone,
  // The Analytics screen's period reports are admin-only, like the screen.
  'analytics.read': adminOnly,
  'chat.use': everyone,
  'settings.manage': adminOnly,
  'apiToken.manage': everyone,
  'apiToken.manageAll': adminOnly,
  // A webhook sends every lead to another system: only an admin may point one somewhere.
  'webhook.manage': adminOnly,
  'webForm.manage': adminOrManager,
  'audit.read': adminOnly,
  'user.resetSecondFactor': adminOnly,
  'user.createPasswordResetLink': adminOnly,
  'role.requireSecondFactor': adminOnly,
  // Visibility narrows what people see: a manager widening it for himself or his team would undo it.
  'role.setLeadVisibility': adminOnly,
  // The whole file of a person, and erasing it for good: the data controller's, an admin.
  'lead.personalData': adminOnly,
  'team.manage': adminOrManager,
  // Fields change what every form asks and every list shows: the admin's, like the team settings.
  'customField.manage': adminOnly,
};

export function can(actor: Actor, action: Action, target?: TargetUser): boolean {
  return RULES[action](actor, target);
}

/**
 * Whether the actor may do the action to someone at all: the gate an endpoint declares and the
 * transports check before the handler. For an action without a target it is `can`; for one that
 * depends on the user it targets (editing, deleting a user) it is whether some target would do
 * (themself, or another user of some role), and the service then checks the actual row.
 */
export function canAtAll(actor: Actor, action: Action): boolean {
  if (can(actor, action)) return true;
  const self: TargetUser = { id: actor.id, systemRole: actor.systemRole };
  // Id 0 is never a user's: it stands for "another user" of each role.
  return can(actor, action, self) || SYSTEM_ROLES.some((systemRole) => can(actor, action, { id: 0, systemRole }));
}

/** The system roles whose users pass an endpoint's gate (`canAtAll`), for the API reference. */
export function rolesAllowed(action: Action): SystemRole[] {
  return SYSTEM_ROLES.filter((systemRole) => canAtAll({ id: 1, systemRole }, action));
}

/** The fields of a user an edit may change besides the role (which is 'user.changeRole'). */
export const USER_EDIT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'bio', 'teamName', 'teamId'] as const;
export type UserEditField = (typeof USER_EDIT_FIELDS)[number];

/**
 * Which fields an actor may change on a user: none on a user they may not edit at all; a
 * team_member their own names, email, phone and bio but not their team name (a manager's
 * team is set by whoever manages them); admins and managers every field of whom they edit.
 */
export function editableUserFields(actor: Actor, target: TargetUser): readonly UserEditField[] {
  if (!can(actor, 'user.editProfile', target)) return [];
  return actor.systemRole === 'team_member'
    ? USER_EDIT_FIELDS.filter((field) => field !== 'teamName' && field !== 'teamId')
    : USER_EDIT_FIELDS;
}

/** There is always an active admin: a change that would leave none is refused with this. */
export const LAST_ADMIN_MESSAGE = 'Debe quedar al menos un administrador activo';

/** Whether demoting or deactivating `targetId` would leave no active admin among `activeAdminIds`. */
export function removesLastAdmin(activeAdminIds: readonly number[], targetId: number): boolean {
  return activeAdminIds.includes(targetId) && activeAdminIds.length === 1;
}

/** Which screens each role reaches (the sidebar and the gated sections). */
export const SCREEN_ROLES = {
  dashboard: ['admin', 'manager', 'team_member'],
  leads: ['admin', 'manager', 'team_member'],
  chat: ['admin', 'manager', 'team_member'],
  team: ['admin'],
  userManagement: ['admin', 'manager'],
  roleManagement: ['admin', 'manager'],
  analytics: ['admin'],
  profile: ['admin', 'manager', 'team_member'],
  settings: ['admin'],
  webForms: ['admin', 'manager'],
  whatsapp: ['admin', 'manager', 'team_member'],
} as const satisfies Record<string, readonly SystemRole[]>;
export type Screen = keyof typeof SCREEN_ROLES;

export function canSee(role: SystemRole, screen: Screen): boolean {
  return (SCREEN_ROLES[screen] as readonly SystemRole[]).includes(role);
}

/** The lead fields that decide who may move its status. */
export interface LeadOwnership {
  assignedTo: number | null;
  contactedBy: number | null;
}

/**
 * Which leads an actor may move to a status, as data rather than a yes/no, so the one rule is
 * checked on a lead here (leadStatusRefusal) and turned into a WHERE clause for bulk changes
 * (packages/db, statusReachFilter):
 * - `any`: every lead the actor sees;
 * - `owned`: the leads that are the actor's: assigned to them, or unassigned and contacted by them
 *   (marking someone else's lead contacted never makes it yours);
 * - `ownOrUnassigned`: assigned to the actor, or to no one;
 * - `none`: no lead, for the reason given.
 */
export type LeadStatusReach =
  { kind: 'any' } | { kind: 'owned'; userId: number } | { kind: 'ownOrUnassigned'; userId: number } | { kind: 'none'; refusal: string };

export const LEAD_STATUS_REFUSALS = {
  notYours: 'Solo puedes mover tus leads (los asignados a ti, o sin asignar que contactaste tú)',
  notYoursToMark: 'Solo puedes marcar como contactados tus leads y los que no tienen asignado',
  ownerMoves: 'Tus leads solo pueden pasar a Interesado, Convertido o Perdido',
} as const;

/**
 * Who may set a lead's status (docs/roles-and-permissions.md): admins and managers any status on any
 * lead; anyone may mark a lead they see contacted one by one, but a team_member's bulk 'contactado'
 * reaches only their own and unassigned leads; a team_member moves their own leads (`owned`) to
 * interesado, convertido or perdido, and nothing else.
 */
export function leadStatusReach(actor: Actor, status: LeadStatus, how: 'one' | 'bulk'): LeadStatusReach {
  if (can(actor, 'lead.manage')) return { kind: 'any' };
  if (status === 'contactado') return how === 'one' ? { kind: 'any' } : { kind: 'ownOrUnassigned', userId: actor.id };
  if (!(OWNER_STATUS_MOVES as readonly LeadStatus[]).includes(status)) return { kind: 'none', refusal: LEAD_STATUS_REFUSALS.ownerMoves };
  return { kind: 'owned', userId: actor.id };
}

/** Whether a lead lies within a reach: the same test the database's statusReachFilter makes. */
export function isInStatusReach(reach: LeadStatusReach, lead: LeadOwnership): boolean {
  switch (reach.kind) {
    case 'any':
      return true;
    case 'owned':
      return lead.assignedTo === reach.userId || (lead.assignedTo === null && lead.contactedBy === reach.userId);
    case 'ownOrUnassigned':
      return lead.assignedTo === null || lead.assignedTo === reach.userId;
    case 'none':
      return false;
  }
}

/** Why a status change of one lead is refused, in the Spanish the board and the API show; null when allowed. */
export function leadStatusRefusal(actor: Actor, lead: LeadOwnership, status: LeadStatus, how: 'one' | 'bulk' = 'one'): string | null {
  const reach = leadStatusReach(actor, status, how);
  if (reach.kind === 'none') return reach.refusal;
  if (isInStatusReach(reach, lead)) return null;
  return reach.kind === 'ownOrUnassigned' ? LEAD_STATUS_REFUSALS.notYoursToMark : LEAD_STATUS_REFUSALS.notYours;
}

export function canSetLeadStatus(actor: Actor, lead: LeadOwnership, status: LeadStatus): boolean {
  return leadStatusRefusal(actor, lead, status) === null;
}

/** A note is its author's: only they edit or delete it. */
export function canEditLeadNote(actor: Actor, note: { authorId: number | null }): boolean {
  return note.authorId === actor.id;
}

/**
 * Follow-ups (docs/leads.md, 'Seguimientos'): admins and managers set and change anyone's; a
 * team_member only their own, on leads they may read.
 */
export function canManageFollowUp(actor: Actor, followUp: { ownerId: number }): boolean {
  return can(actor, 'followUp.team') || followUp.ownerId === actor.id;
}

/** Who a new follow-up belongs to when none is named: the lead's assignee, else its creator; a team_member's are their own. */
export function defaultFollowUpOwner(actor: Actor, lead: { assignedTo: number | null; createdBy: number | null }): number {
  if (!can(actor, 'followUp.team')) return actor.id;
  return lead.assignedTo ?? lead.createdBy ?? actor.id;
}
