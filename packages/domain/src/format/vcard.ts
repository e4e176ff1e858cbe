/** 'Descargar lead' as a vCard 3.0 a phone's contacts app can import (docs/leads.md, Downloads). */
import { categoryLabel } from '../leads/categories.js';
import type { CustomFieldDefinition, CustomFieldEntity, CustomFieldValues } from '../custom-fields/types.js';
import { customFieldCell } from './lead-export.js';

export interface VCardLead {
  name: string;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  domain?: string | null;
  description?: string | null;
  category?: string | null;
  /** Its custom values as note lines ('Provincia: Madrid'), see customFieldNoteLines. */
  details?: readonly string[];
}

/** RFC 6350 §3.4 text escaping: backslash first, then , ; and every newline as \n. */
export function escapeVCardText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** Folds a content line at 75 octets (RFC 6350 §3.2) without splitting a UTF-8 character. */
function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = 74; // Continuation lines start with a space, which counts towards the 75.
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function websiteUrl(domain: string): string {
  const clean = domain.trim().replace(/\s+/g, '');
  return /^https?:\/\//i.test(clean) ? clean : `https://${clean}`;
}

/** A lead is a business, so its name fills FN, the family-name slot of N, and ORG. */
export function leadToVCard(lead: VCardLead): string {
  const name = escapeVCardText(lead.name.trim());
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `FN:${name}`, `N:${name};;;;`, `ORG:${name}`];
  const phone = lead.phone?.trim();
  if (phone) lines.push(`TEL;TYPE=WORK,VOICE:${escapeVCardText(phone)}`);
  const email = lead.email?.trim();
  if (email) lines.push(`EMAIL;TYPE=INTERNET:${escapeVCardText(email)}`);
  const address = lead.address?.trim();
  // The whole address goes in the street component: imports give it as one free-text line.
  if (address) lines.push(`ADR;TYPE=WORK:;;${escapeVCardText(address)};;;;`);
  const domain = lead.domain?.trim();
  if (domain) lines.push(`URL:${websiteUrl(domain)}`);
  const note = [lead.category ? `Categoría: ${categoryLabel(lead.category)}` : '', lead.description?.trim() ?? '', ...(lead.details ?? [])]
    .filter(Boolean)
    .join('\n');
  if (note) lines.push(`NOTE:${escapeVCardText(note)}`);
  lines.push('END:VCARD');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

export interface VCardContact {
  name: string;
  cargo?: string | null;
  email?: string | null;
  phone?: string | null;
  /** A WhatsApp number of its own (the phone's WhatsApp needs no line of its own). */
  whatsappPhone?: string | null;
  notes?: string | null;
  /** Its custom values as note lines, see customFieldNoteLines. */
  details?: readonly string[];
}

/** A contact person as a card of its own: their name, the lead as ORG, the cargo as TITLE. */
export function contactToVCard(contact: VCardContact, leadName: string): string {
  const name = escapeVCardText(contact.name.trim());
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `FN:${name}`,
    `N:${personNameParts(contact.name)}`,
    `ORG:${escapeVCardText(leadName.trim())}`,
  ];
  const cargo = contact.cargo?.trim();
  if (cargo) lines.push(`TITLE:${escapeVCardText(cargo)}`);
  const phone = contact.phone?.trim();
  if (phone) lines.push(`TEL;TYPE=CELL,VOICE:${escapeVCardText(phone)}`);
  const whatsapp = contact.whatsappPhone?.trim();
  if (whatsapp && whatsapp !== phone) lines.push(`TEL;TYPE=CELL:${escapeVCardText(whatsapp)}`);
  const email = contact.email?.trim();
  if (email) lines.push(`EMAIL;TYPE=INTERNET:${escapeVCardText(email)}`);
  const notes = [contact.notes?.trim() ?? '', ...(contact.details ?? [])].filter(Boolean).join('\n');
  if (notes) lines.push(`NOTE:${escapeVCardText(notes)}`);
  lines.push('END:VCARD');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** N's family;given from 'Ana María Pérez Gil': the first word is the given name, the rest the family names. */
function personNameParts(fullName: string): string {
  const [given = '', ...family] = fullName.trim().split(/\s+/);
  return `${escapeVCardText(family.join(' '))};${escapeVCardText(given)};;;`;
}

/** A record's custom values as the card's note says them: 'Label: value' per active field of `entity` that has one, in the fields' order. */
export function customFieldNoteLines(
  definitions: readonly CustomFieldDefinition[],
  entity: CustomFieldEntity,
  values: CustomFieldValues,
): string[] {
  return definitions.flatMap((definition) => {
    if (definition.archived || definition.entity !== entity) return [];
    const cell = customFieldCell(values[definition.key]);
    return cell === null || cell === '' ? [] : [`${definition.label}: ${cell}`];
  });
}

/** The lead's card followed by one card per contact: one .vcf file that a phone imports as several contacts. */
export function leadWithContactsToVCard(lead: VCardLead, contacts: readonly VCardContact[]): string {
  return leadToVCard(lead) + contacts.map((contact) => contactToVCard(contact, lead.name)).join('');
}

/** An ASCII-only file name ('Clínica Peñalba, S.L.' → 'clinica-penalba-s-l.vcf') every OS accepts. */
export function vcardFileName(name: string): string {
  const base = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${base || 'lead'}.vcf`;
}
