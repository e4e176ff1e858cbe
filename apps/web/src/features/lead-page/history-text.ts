/**
 * A history entry in Spanish: what happened, and for changes each field's old → new value
 * (the `changes` of each type are documented in docs/leads.md, 'Historial').
 */
import {
  CALL_OUTCOME_LABELS,
  CUSTOM_FIELD_CHANGE_PREFIX,
  type CallOutcome,
  type LeadHistoryEntry,
  type TeamFormat,
  categoryLabel,
  statusLabel,
} from '@crm/domain';

const FIELD_LABELS: Record<string, string> = {
  name: 'Nombre',
  email: 'Email',
  phone: 'Teléfono',
  category: 'Categoría',
  description: 'Descripción',
  status: 'Estado',
  assignedTo: 'Responsable',
  address: 'Dirección',
  domain: 'Sitio web',
  progressLevel: 'Progreso',
  messagesToLead: 'Mensajes enviados',
  messagesFromLead: 'Mensajes recibidos',
  calls: 'Llamadas',
  hasResponded: 'Respondió',
  lastContactDate: 'Último contacto',
  notes: 'Notas',
  groupId: 'Grupo',
  amount: 'Importe',
  currency: 'Moneda',
  expectedCloseDate: 'Cierre previsto',
  lostReason: 'Motivo de pérdida',
  tags: 'Etiquetas',
  cargo: 'Cargo',
  phoneHasWhatsapp: 'Tiene WhatsApp',
  whatsappPhone: 'WhatsApp',
  isPrimary: 'Principal',
};

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** One value as a person reads it: a status or category by its label, a person by name, dates on the team's clock. */
function valueText(field: string, value: unknown, format: TeamFormat): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'status' && typeof value === 'string') return statusLabel(value);
  if (field === 'category' && typeof value === 'string') return categoryLabel(value);
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  // Tags are recorded by name, sorted: 'VIP, Feria'; none reads '—'.
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(String).join(', ');
  const person = asRecord(value);
  if (typeof person['name'] === 'string') return person['name'];
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return format.dateTime(value);
  if (value instanceof Date) return format.dateTime(value);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/** A change's field as a person reads it; a custom field (`customFields.<key>`) by its label, archived ones too. */
function fieldLabel(field: string, customLabels: Record<string, string>): string {
  if (field.startsWith(CUSTOM_FIELD_CHANGE_PREFIX)) {
    const key = field.slice(CUSTOM_FIELD_CHANGE_PREFIX.length);
    return customLabels[key] ?? key;
  }
  return FIELD_LABELS[field] ?? field;
}

/** The field changes of an entry ('Estado: Nuevo → Interesado'), skipping what is not a { from, to }. */
export function changeLines(entry: LeadHistoryEntry, format: TeamFormat, customLabels: Record<string, string> = {}): string[] {
  return Object.entries(entry.changes).flatMap(([field, change]) => {
    const pair = asRecord(change);
    if (!('from' in pair) || !('to' in pair)) return [];
    return [`${fieldLabel(field, customLabels)}: ${valueText(field, pair['from'], format)} → ${valueText(field, pair['to'], format)}`];
  });
}

/** A registered call's or message's note, after its title: ' — «Pide presupuesto»'. */
function noteText(changes: Record<string, unknown>): string {
  return typeof changes['note'] === 'string' && changes['note'] ? ` — «${changes['note']}»` : '';
}

export function historyTitle(entry: LeadHistoryEntry, format: TeamFormat): string {
  const changes = entry.changes;
  switch (entry.type) {
    case 'created':
      return typeof changes['source'] === 'string' ? `Lead creado (${changes['source']})` : 'Lead creado';
    case 'imported':
      return `Creado por la importación${typeof changes['groupName'] === 'string' ? ` «${changes['groupName']}»` : ''}`;
    case 'assigned':
      return 'Responsable cambiado';
    case 'contacted':
      return 'Marcado como contactado';
    case 'status_changed':
      return 'Estado cambiado';
    case 'edited':
      return 'Lead editado';
    case 'tracking_created':
      return 'Seguimiento de conversación registrado';
    case 'tracking_updated':
      return 'Seguimiento de conversación actualizado';
    case 'tracking_deleted':
      return 'Seguimiento de conversación eliminado';
    case 'note_added':
      return typeof changes['excerpt'] === 'string' ? `Nota añadida: «${changes['excerpt']}»` : 'Nota añadida';
    case 'follow_up_set':
      return `Seguimiento programado${changes['dueAt'] ? ` para el ${valueText('dueAt', changes['dueAt'], format)}` : ''}`;
    case 'follow_up_done':
      return 'Seguimiento completado';
    case 'merged': {
      const name = asRecord(changes['mergedLead'])['name'];
      return typeof name === 'string' ? `Fusionado con «${name}»` : 'Fusionado con otro lead';
    }
    case 'call_logged': {
      const outcome = changes['outcome'];
      const label = typeof outcome === 'string' && outcome in CALL_OUTCOME_LABELS ? CALL_OUTCOME_LABELS[outcome as CallOutcome] : '';
      return `Llamada registrada${label ? `: ${label.toLowerCase()}` : ''}${noteText(changes)}`;
    }
    case 'message_sent':
      return `Mensaje enviado registrado${noteText(changes)}`;
    case 'message_received':
      return `Mensaje recibido registrado${noteText(changes)}`;
    case 'form_submitted':
      return formSubmittedText(changes);
    case 'whatsapp_imported':
      return whatsappImportedText(changes);
    case 'contact_added':
      return `Contacto añadido: «${contactName(changes['contact'])}»${changes['isPrimary'] === true ? ' (principal)' : ''}`;
    case 'contact_updated':
      return `Contacto «${contactName(changes['contact'])}» editado`;
    case 'contact_removed': {
      const next = asRecord(changes['newPrimary'])['name'];
      const primary = typeof next === 'string' ? `; ahora el principal es «${next}»` : '';
      return `Contacto «${contactName(changes['contact'])}» eliminado${primary}`;
    }
  }
}

/** The name a contact entry recorded (the contact may be gone since). */
function contactName(value: unknown): string {
  const name = asRecord(value)['name'];
  return typeof name === 'string' ? name : 'sin nombre';
}

/** 'Formulario «Contacto web» enviado desde https://… (utm_source=google)': where the lead came from. */
function formSubmittedText(changes: Record<string, unknown>): string {
  const form = typeof changes['formName'] === 'string' ? ` «${changes['formName']}»` : '';
  const page = typeof changes['pageUrl'] === 'string' ? ` desde ${changes['pageUrl']}` : '';
  const utm = Object.entries(asRecord(changes['utm']))
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([name, value]) => `${name}=${value}`);
  return `Formulario${form} enviado${page}${utm.length > 0 ? ` (${utm.join(', ')})` : ''}`;
}

/** 'Chat de WhatsApp importado: 120 mensajes nuevos (3 ya estaban)'. */
function whatsappImportedText(changes: Record<string, unknown>): string {
  const added = typeof changes['added'] === 'number' ? changes['added'] : 0;
  const already = typeof changes['alreadyThere'] === 'number' ? changes['alreadyThere'] : 0;
  const newText = added === 1 ? '1 mensaje nuevo' : `${added} mensajes nuevos`;
  return `Chat de WhatsApp importado: ${newText}${already > 0 ? ` (${already} ya estaban)` : ''}`;
}
