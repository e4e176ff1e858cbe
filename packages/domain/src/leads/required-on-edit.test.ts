import { describe, expect, it } from 'vitest';
import { clearedRequiredField } from './required-on-edit.js';

describe('clearedRequiredField', () => {
  const lead = { email: 'a@b.es', phone: '+34612345987', description: 'Clínica' };

  it('refuses leaving the lead with neither email nor phone, or without its description', () => {
    expect(clearedRequiredField(lead, { email: null, phone: null })).toEqual({ field: 'email', message: 'Indica un email o un teléfono' });
    expect(clearedRequiredField({ ...lead, phone: null }, { email: null })).toEqual({
      field: 'email',
      message: 'Indica un email o un teléfono',
    });
    expect(clearedRequiredField(lead, { description: null })).toEqual({ field: 'description', message: 'La descripción es requerida' });
  });

  it('lets one of the two go while the other stays', () => {
    expect(clearedRequiredField(lead, { email: null })).toBeNull();
    expect(clearedRequiredField(lead, { phone: null })).toBeNull();
  });

  it('lets a lead that never had one stay without it, and leaves absent fields alone', () => {
    expect(clearedRequiredField({ email: null, phone: null, description: null }, { email: null, description: null })).toBeNull();
    expect(clearedRequiredField(lead, {})).toBeNull();
    expect(clearedRequiredField(lead, { email: 'c@d.es' })).toBeNull();
  });
});
