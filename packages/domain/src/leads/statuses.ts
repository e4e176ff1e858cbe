/** Lead statuses, their Spanish labels, and which of them count as contacted or owner moves. */
import { isOneOf, toOptions } from '../options.js';

export const LEAD_STATUSES = ['nuevo', 'contactado', 'interesado', 'convertido', 'perdido'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  nuevo: 'Nuevo',
  contactado: 'Contactado',
  interesado: 'Interesado',
  convertido: 'Convertido',
  perdido: 'Perdido',
};

export const LEAD_STATUS_OPTIONS = toOptions(LEAD_STATUSES, LEAD_STATUS_LABELS);

/** Analytics and the Contactados tab count these as contacted; convertido also counts as converted. */
export const CONTACTED_STATUSES = ['contactado', 'interesado', 'convertido'] as const satisfies readonly LeadStatus[];

/** Statuses a team_member may set on a lead assigned to or contacted by themself (docs/leads.md). */
export const OWNER_STATUS_MOVES = ['interesado', 'convertido', 'perdido'] as const satisfies readonly LeadStatus[];

export function isLeadStatus(value: unknown): value is LeadStatus {
  return isOneOf(LEAD_STATUSES, value);
}

/** The spec's fallback: an unknown stored value displays as Nuevo. */
export function statusLabel(value: unknown): string {
  return isLeadStatus(value) ? LEAD_STATUS_LABELS[value] : LEAD_STATUS_LABELS.nuevo;
}

export function isContactedStatus(value: unknown): boolean {
  return isOneOf(CONTACTED_STATUSES, value);
}

/** A lead is open until it is won or lost: deactivating its assignee hands the open ones on. */
export const CLOSED_STATUSES = ['convertido', 'perdido'] as const satisfies readonly LeadStatus[];
export const OPEN_STATUSES = LEAD_STATUSES.filter(
  (status): status is Exclude<LeadStatus, (typeof CLOSED_STATUSES)[number]> => !isOneOf(CLOSED_STATUSES, status),
);

/** Statuses of a lead nobody has reached yet: new, or given up before anyone reached it. */
export const AWAITING_CONTACT_STATUSES = LEAD_STATUSES.filter(
  (status): status is Exclude<LeadStatus, (typeof CONTACTED_STATUSES)[number]> => !isContactedStatus(status),
);

/** The lead fields that say whether someone has reached it. */
export interface ContactState {
  status: LeadStatus;
  contactedAt: Date | string | null;
}

/**
 * 'Marcar contactado' is offered and accepted only for a lead nobody has marked before whose
 * status is still nuevo or perdido: a lead someone took further (contactado, interesado,
 * convertido) is never pulled back by a click, whoever clicks. Moving a lead to contactado is
 * always this marking (it records who and when), so no role reaches contactado another way.
 * The Leads Activos tab lists exactly these leads (the repository states it in SQL).
 */
export function canBeMarkedContacted(lead: ContactState): boolean {
  return lead.contactedAt === null && isOneOf(AWAITING_CONTACT_STATUSES, lead.status);
}
