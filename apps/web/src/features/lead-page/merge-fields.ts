/**
 * The merge chooser's rows: each field two leads may hold differently, both values as a person
 * reads them, and which side starts chosen (the survivor's, unless only the other has a value).
 */
import {
  LEAD_MERGE_FIELDS,
  type LeadListItem,
  type LeadMergeField,
  type LeadMergeSide,
  type PhoneCountry,
  categoryLabel,
  formatPhone,
  fullName,
  statusLabel,
} from '@crm/domain';

const LABELS: Record<LeadMergeField, string> = {
  name: 'Nombre',
  email: 'Email',
  phone: 'Teléfono',
  category: 'Categoría',
  description: 'Descripción',
  address: 'Dirección',
  domain: 'Sitio web',
  status: 'Estado',
  assignedTo: 'Responsable',
  groupId: 'Grupo',
};

/** The field's value as text, or null when the lead has none. */
function valueText(field: LeadMergeField, lead: LeadListItem, country: PhoneCountry): string | null {
  switch (field) {
    case 'category':
      return categoryLabel(lead.category);
    case 'status':
      return statusLabel(lead.status);
    case 'phone':
      return lead.phone ? formatPhone(lead.phone, country) : null;
    case 'assignedTo':
      return lead.assignee ? fullName(lead.assignee.firstName, lead.assignee.lastName, 'Usuario desconocido') : null;
    case 'groupId':
      return lead.groupId === null ? null : `Grupo n.º ${lead.groupId}`;
    case 'name':
    case 'email':
    case 'description':
    case 'address':
    case 'domain':
      return lead[field] || null;
  }
}

export interface MergeRow {
  field: LeadMergeField;
  label: string;
  survivor: string | null;
  other: string | null;
  initial: LeadMergeSide;
}

/** Only the fields the two leads hold differently: the rest need no choice. */
export function mergeRows(survivor: LeadListItem, other: LeadListItem, country: PhoneCountry): MergeRow[] {
  return LEAD_MERGE_FIELDS.flatMap((field) => {
    const mine = valueText(field, survivor, country);
    const theirs = valueText(field, other, country);
    if (mine === theirs) return [];
    return [{ field, label: LABELS[field], survivor: mine, other: theirs, initial: mine === null ? 'other' : 'this' }];
  });
}
