import { describe, expect, it } from 'vitest';
import { clearedRequiredField } from './required-on-edit.js';

describe('clearedRequiredField', () => {
  const lead = { email: 'a@b.es', description: 'Clínica' };

  it('refuses emptying the email or the description the lead has', () => {
    expect(clearedRequiredField(lead, { email: null })).toEqual({ field: 'email', message: 'El email es requerido' });
    expect(clearedRequiredField(lead, { description: null })).toEqual({ field: 'description', message: 'La descripción es requerida' });
  });

  it('lets a lead that never had one stay without it, and leaves absent fields alone', () => {
    expect(clearedRequiredField({ email: null, description: null }, { email: null, description: null })).toBeNull();
    expect(clearedRequiredField(lead, {})).toBeNull();
    expect(clearedRequiredField(lead, { email: 'c@d.es' })).toBeNull();
  });
});
