import { describe, expect, it } from 'vitest';
import { checkImportRow } from '../leads/import-row.js';
import { contactWhatsapp, createContactSchema, updateContactFieldsSchema } from './contact.js';

describe('contactWhatsapp', () => {
  it("opens the contact's own WhatsApp number, else the phone when it has WhatsApp", () => {
    expect(contactWhatsapp({ phone: '+34600000001', phoneHasWhatsapp: true, whatsappPhone: null })).toBe('+34600000001');
    expect(contactWhatsapp({ phone: '+34600000001', phoneHasWhatsapp: false, whatsappPhone: null })).toBeNull();
    expect(contactWhatsapp({ phone: '+34600000001', phoneHasWhatsapp: false, whatsappPhone: '+34600000002' })).toBe('+34600000002');
    expect(contactWhatsapp({ phone: null, phoneHasWhatsapp: true, whatsappPhone: null })).toBeNull();
  });
});

describe('contact schemas', () => {
  it('trims, empties to null and takes WhatsApp on the phone by default', () => {
    expect(createContactSchema.parse({ leadId: '4', name: ' Ana ', cargo: '', email: ' ', phone: '' })).toEqual({
      leadId: 4,
      name: 'Ana',
      cargo: null,
      email: null,
      phone: null,
      phoneHasWhatsapp: true,
      whatsappPhone: null,
      notes: null,
    });
  });

  it('leaves what an edit does not send undefined, and clears what it sends empty', () => {
    expect(updateContactFieldsSchema.parse({ cargo: '' })).toEqual({ cargo: null });
  });
});

describe('checkImportRow with contact columns', () => {
  it("keeps the row's contact and refuses an invalid contact email in Spanish", () => {
    const ok = checkImportRow({ name: 'Bar', email: 'bar@x.es', contactName: 'Rosa', contactCargo: 'Gerente' }, 'otros');
    expect(ok).toMatchObject({ lead: { contactName: 'Rosa', contactCargo: 'Gerente', contactEmail: null, contactPhone: null } });
    expect(checkImportRow({ name: 'Bar', email: 'bar@x.es', contactName: 'Rosa', contactEmail: 'rosa@' }, 'otros')).toEqual({
      problem: 'email del contacto inválido (rosa@)',
    });
  });
});
