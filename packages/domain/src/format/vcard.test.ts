import { describe, expect, it } from 'vitest';
import type { CustomFieldDefinition } from '../custom-fields/types.js';
import { customFieldNoteLines, escapeVCardText, leadToVCard, leadWithContactsToVCard, vcardFileName } from './vcard.js';

describe('escapeVCardText', () => {
  it('escapes backslash, comma, semicolon and newlines', () => {
    expect(escapeVCardText('a\\b,c;d\ne\r\nf\rg')).toBe('a\\\\b\\,c\\;d\\ne\\nf\\ng');
  });
});

describe('leadToVCard', () => {
  const full = {
    name: 'Clínica Sol, S.L.',
    email: 'info@sol.es',
    phone: '+34 600 000 000',
    address: 'Calle Mayor 1; Madrid',
    domain: 'sol.es',
    description: 'Dos sedes\nAbre sábados',
    category: 'salud',
  };

  it('writes a vCard 3.0 with CRLF line ends', () => {
    const card = leadToVCard(full);
    expect(card.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
    expect(card.endsWith('END:VCARD\r\n')).toBe(true);
    expect(card.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('fills every property, escaped', () => {
    const lines = leadToVCard(full).split('\r\n');
    expect(lines).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Clínica Sol\\, S.L.',
      'N:Clínica Sol\\, S.L.;;;;',
      'ORG:Clínica Sol\\, S.L.',
      'TEL;TYPE=WORK,VOICE:+34 600 000 000',
      'EMAIL;TYPE=INTERNET:info@sol.es',
      'ADR;TYPE=WORK:;;Calle Mayor 1\\; Madrid;;;;',
      'URL:https://sol.es',
      'NOTE:Categoría: Salud\\nDos sedes\\nAbre sábados',
      'END:VCARD',
      '',
    ]);
  });

  it('keeps a URL that already has a scheme', () => {
    expect(leadToVCard({ name: 'X', domain: 'http://x.com' })).toContain('URL:http://x.com\r\n');
  });

  it('leaves out the properties a lead lacks', () => {
    expect(leadToVCard({ name: 'Solo nombre', email: null, phone: ' ' })).toBe(
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Solo nombre\r\nN:Solo nombre;;;;\r\nORG:Solo nombre\r\nEND:VCARD\r\n',
    );
  });

  it('folds lines longer than 75 octets without splitting a character', () => {
    const card = leadToVCard({ name: 'X', description: 'ñ'.repeat(100) });
    const noteLines = card.split('\r\n').filter((line) => line.startsWith('NOTE:') || line.startsWith(' '));
    expect(noteLines.length).toBeGreaterThan(1);
    for (const line of noteLines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(noteLines.map((line, i) => (i === 0 ? line : line.slice(1))).join('')).toBe(`NOTE:${'ñ'.repeat(100)}`);
  });
});

describe('vcardFileName', () => {
  it('makes an ASCII slug ending .vcf', () => {
    expect(vcardFileName('Clínica Peñalba, S.L.')).toBe('clinica-penalba-s-l.vcf');
  });

  it('falls back to lead.vcf when nothing usable is left', () => {
    expect(vcardFileName('¡¿?!')).toBe('lead.vcf');
    expect(vcardFileName('')).toBe('lead.vcf');
  });

  it('stays short', () => {
    expect(vcardFileName('a'.repeat(200)).length).toBe(64);
  });
});

describe('leadWithContactsToVCard', () => {
  it('follows the lead card with one card per contact, the lead as ORG and the cargo as TITLE', () => {
    const file = leadWithContactsToVCard({ name: 'Clínica Sol' }, [
      { name: 'Ana María Pérez', cargo: 'Gerente; socia', phone: '+34600000001', whatsappPhone: '+34600000002', notes: 'Mañanas' },
      { name: 'Luis', email: 'luis@sol.es', phone: '+34600000003', whatsappPhone: '+34600000003' },
    ]);
    const cards = file.split('BEGIN:VCARD\r\n').slice(1);
    expect(cards).toHaveLength(3);
    expect(cards[1]?.split('\r\n')).toEqual([
      'VERSION:3.0',
      'FN:Ana María Pérez',
      'N:María Pérez;Ana;;;',
      'ORG:Clínica Sol',
      'TITLE:Gerente\\; socia',
      'TEL;TYPE=CELL,VOICE:+34600000001',
      'TEL;TYPE=CELL:+34600000002',
      'NOTE:Mañanas',
      'END:VCARD',
      '',
    ]);
    // The WhatsApp number that is the phone is not repeated; one word is a given name.
    expect(cards[2]).toBe(
      'VERSION:3.0\r\nFN:Luis\r\nN:;Luis;;;\r\nORG:Clínica Sol\r\nTEL;TYPE=CELL,VOICE:+34600000003\r\nEMAIL;TYPE=INTERNET:luis@sol.es\r\nEND:VCARD\r\n',
    );
  });
});

describe('customFieldNoteLines', () => {
  const field = (key: string, label: string, extra: Partial<CustomFieldDefinition> = {}): CustomFieldDefinition => ({
    id: 1,
    entity: 'lead',
    key,
    label,
    type: 'text',
    options: [],
    required: false,
    position: 0,
    archived: false,
    ...extra,
  });
  const definitions = [
    field('provincia', 'Provincia'),
    field('cliente', 'Cliente', { type: 'checkbox' }),
    field('zonas', 'Zonas', { type: 'multi_select' }),
    field('antigua', 'Antigua', { archived: true }),
    field('extension', 'Extensión', { entity: 'contact' }),
  ];

  it("says the entity's active fields that have a value, in order, as the exports write them", () => {
    const values = { provincia: 'Cuenca', cliente: false, zonas: ['Norte', 'Sur'], antigua: 'x', extension: '204' };
    expect(customFieldNoteLines(definitions, 'lead', values)).toEqual(['Provincia: Cuenca', 'Cliente: No', 'Zonas: Norte, Sur']);
    expect(customFieldNoteLines(definitions, 'contact', values)).toEqual(['Extensión: 204']);
    expect(customFieldNoteLines(definitions, 'lead', {})).toEqual([]);
  });

  it("adds them to the card's note after the lead's own text", () => {
    const card = leadToVCard({ name: 'Gestoría Sol', description: 'Asesoría', details: ['Provincia: Cuenca'] });
    expect(card).toContain('NOTE:Asesoría\\nProvincia: Cuenca\r\n');
  });
});
