import { describe, expect, it } from 'vitest';
import { assignLeadSchema, createLeadSchema, leadListQuerySchema, leadSchema, updateLeadSchema } from './lead.js';

const valid = {
  name: ' Clínica Sol ',
  email: 'info@sol.es',
  phone: '600 000 000',
  category: 'salud',
  description: 'Interesados en el plan anual',
};

function messageAt(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, key: string) {
  return result.error?.issues.find((issue) => issue.path[0] === key)?.message;
}

describe('createLeadSchema', () => {
  it('accepts a valid lead, trimmed, unassigned by default', () => {
    expect(createLeadSchema.parse(valid)).toEqual({
      name: 'Clínica Sol',
      email: 'info@sol.es',
      phone: '600 000 000',
      category: 'salud',
      description: 'Interesados en el plan anual',
      assignedTo: null,
    });
  });

  it('requires a name', () => {
    expect(messageAt(createLeadSchema.safeParse({ ...valid, name: '  ' }), 'name')).toBe('El nombre es requerido');
    expect(messageAt(createLeadSchema.safeParse({ ...valid, name: undefined }), 'name')).toBe('El nombre es requerido');
  });

  it('limits the name to 200 characters', () => {
    expect(createLeadSchema.safeParse({ ...valid, name: 'a'.repeat(200) }).success).toBe(true);
    expect(messageAt(createLeadSchema.safeParse({ ...valid, name: 'a'.repeat(201) }), 'name')).toBe('Máximo 200 caracteres');
  });

  it.each(['no-es-email', `${'a'.repeat(250)}@x.es`])('refuses the email %j', (email) => {
    expect(messageAt(createLeadSchema.safeParse({ ...valid, email }), 'email')).toBe('Email inválido');
  });

  it('needs an email or a phone, at least one (CONTRACT §8)', () => {
    expect(createLeadSchema.parse({ ...valid, email: '' }).email).toBeNull();
    expect(createLeadSchema.parse({ ...valid, phone: undefined }).email).toBe('info@sol.es');
    const neither = createLeadSchema.safeParse({ ...valid, email: ' ', phone: '' });
    expect(messageAt(neither, 'email')).toBe('Indica un email o un teléfono');
  });

  it.each(['abc', '12', '600-ABC-123', '1'.repeat(21)])('refuses the phone %j', (phone) => {
    expect(messageAt(createLeadSchema.safeParse({ ...valid, phone }), 'phone')).toBe('Teléfono inválido');
  });

  it('makes the phone optional, blank meaning none', () => {
    expect(createLeadSchema.parse({ ...valid, phone: undefined }).phone).toBeNull();
    expect(createLeadSchema.parse({ ...valid, phone: '  ' }).phone).toBeNull();
    expect(createLeadSchema.safeParse({ ...valid, phone: '1'.repeat(51) }).success).toBe(false);
    expect(createLeadSchema.parse({ ...valid, phone: '+34 (612) 345-987' }).phone).toBe('+34 (612) 345-987');
  });

  it.each(['', undefined, 'legal', 'otros', 'Salud'])('refuses the category %j', (category) => {
    expect(messageAt(createLeadSchema.safeParse({ ...valid, category }), 'category')).toBe('La categoría es requerida');
  });

  it.each(['tecnologia', 'salud', 'educacion', 'finanzas', 'retail'])('accepts the form category %s', (category) => {
    expect(createLeadSchema.safeParse({ ...valid, category }).success).toBe(true);
  });

  it('requires a description of at most 5000 characters', () => {
    expect(messageAt(createLeadSchema.safeParse({ ...valid, description: ' ' }), 'description')).toBe('La descripción es requerida');
    expect(createLeadSchema.safeParse({ ...valid, description: 'a'.repeat(5000) }).success).toBe(true);
    expect(createLeadSchema.safeParse({ ...valid, description: 'a'.repeat(5001) }).success).toBe(false);
  });

  it('reads assignedTo from a number, a select string, or nothing', () => {
    expect(createLeadSchema.parse({ ...valid, assignedTo: 4 }).assignedTo).toBe(4);
    expect(createLeadSchema.parse({ ...valid, assignedTo: '4' }).assignedTo).toBe(4);
    expect(createLeadSchema.parse({ ...valid, assignedTo: '' }).assignedTo).toBeNull();
    expect(createLeadSchema.parse({ ...valid, assignedTo: null }).assignedTo).toBeNull();
    expect(createLeadSchema.safeParse({ ...valid, assignedTo: 0 }).success).toBe(false);
    expect(createLeadSchema.safeParse({ ...valid, assignedTo: 1.5 }).success).toBe(false);
  });
});

describe('updateLeadSchema', () => {
  it('leaves absent fields out so they stay unchanged', () => {
    expect(updateLeadSchema.parse({})).toEqual({});
    expect(updateLeadSchema.parse({ status: 'convertido' })).toEqual({ status: 'convertido' });
  });

  it('drops contactedBy and contactedAt: the server decides them', () => {
    expect(updateLeadSchema.parse({ status: 'contactado', contactedBy: '7', contactedAt: '2020-01-01T00:00:00Z' })).toEqual({
      status: 'contactado',
    });
  });

  it('accepts all eight categories and five statuses', () => {
    expect(updateLeadSchema.parse({ category: 'inmobiliario' })).toEqual({ category: 'inmobiliario' });
    expect(updateLeadSchema.safeParse({ category: 'bogus' }).success).toBe(false);
    expect(updateLeadSchema.parse({ status: 'perdido' })).toEqual({ status: 'perdido' });
    expect(messageAt(updateLeadSchema.safeParse({ status: 'ganado' }), 'status')).toBe('Estado inválido');
  });

  it('clears optional texts with an empty string or null', () => {
    expect(updateLeadSchema.parse({ phone: '', email: '', address: null, domain: ' ' })).toEqual({
      phone: null,
      email: null,
      address: null,
      domain: null,
    });
  });

  it('still validates a given email and name', () => {
    expect(messageAt(updateLeadSchema.safeParse({ email: 'x' }), 'email')).toBe('Email inválido');
    expect(messageAt(updateLeadSchema.safeParse({ name: '' }), 'name')).toBe('El nombre es requerido');
  });

  it('unassigns with null and leaves assignment alone when absent', () => {
    expect(updateLeadSchema.parse({ assignedTo: null })).toEqual({ assignedTo: null });
    expect('assignedTo' in updateLeadSchema.parse({ name: 'X' })).toBe(false);
  });
});

describe('assignLeadSchema', () => {
  it('takes a user id or null', () => {
    expect(assignLeadSchema.parse({ assignedTo: 3 })).toEqual({ assignedTo: 3 });
    expect(assignLeadSchema.parse({ assignedTo: null })).toEqual({ assignedTo: null });
    expect(assignLeadSchema.safeParse({ assignedTo: -1 }).success).toBe(false);
  });
});

describe('leadListQuerySchema', () => {
  it('reads query-string values, empty ones as absent', () => {
    expect(leadListQuerySchema.parse({ limit: '50', status: '', category: 'legal', groupId: '2', q: ' sol ', view: 'contacted' })).toEqual({
      limit: 50,
      category: 'legal',
      groupId: 2,
      q: 'sol',
      view: 'contacted',
    });
  });

  it('bounds the page size to 1..500', () => {
    expect(leadListQuerySchema.safeParse({ limit: 0 }).success).toBe(false);
    expect(leadListQuerySchema.safeParse({ limit: 500 }).success).toBe(true);
    expect(leadListQuerySchema.safeParse({ limit: 501 }).success).toBe(false);
  });

  it('refuses unknown views and over-long searches', () => {
    expect(leadListQuerySchema.safeParse({ view: 'groups' }).success).toBe(false);
    expect(leadListQuerySchema.safeParse({ q: 'a'.repeat(201) }).success).toBe(false);
  });
});

describe('leadSchema', () => {
  it('describes the lead DTO', () => {
    const lead = {
      id: 1,
      name: 'Sol',
      email: null,
      phone: null,
      category: 'otros',
      description: null,
      status: 'nuevo',
      assignedTo: null,
      groupId: 3,
      contactedBy: null,
      contactedAt: null,
      address: 'Calle 1',
      domain: 'sol.es',
      amount: '1500.50',
      currency: 'EUR',
      expectedCloseDate: '2026-12-31',
      lostReason: null,
      customFields: { provincia: 'Madrid' },
      createdAt: new Date(),
    };
    expect(leadSchema.parse(lead)).toEqual(lead);
  });
});
