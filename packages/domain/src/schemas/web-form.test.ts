import { describe, expect, it } from 'vitest';
import type { CustomFieldDefinition } from '../custom-fields/types.js';
import {
  checkWebFormValues,
  createWebFormSchema,
  publicSubmissionSchema,
  slugFromName,
  utmParametersOf,
  webFormEmbedSnippet,
  webOriginSchema,
} from './web-form.js';
import { formCustomFieldsRefusal, visibleFormFields, webFormFieldLabel } from './web-form-fields.js';

const definition = (
  key: string,
  type: CustomFieldDefinition['type'],
  extra: Partial<CustomFieldDefinition> = {},
): CustomFieldDefinition => ({
  id: key.length,
  entity: 'lead',
  key,
  label: key[0]?.toUpperCase() + key.slice(1),
  type,
  options: [],
  required: false,
  position: 0,
  archived: false,
  ...extra,
});

describe('web forms', () => {
  it('makes a slug from a Spanish name, and a fallback from one with nothing left', () => {
    expect(slugFromName('Contacto Clínica Sol — Otoño')).toBe('contacto-clinica-sol-otono');
    expect(slugFromName('¡¡!!')).toBe('formulario');
  });

  it('reads the UTM parameters of a page, and none of an address that does not parse', () => {
    expect(utmParametersOf('https://a.es/x?utm_source=google&utm_medium=cpc&otro=1')).toEqual({ utm_source: 'google', utm_medium: 'cpc' });
    expect(utmParametersOf('no es una dirección')).toEqual({});
    expect(utmParametersOf(null)).toEqual({});
  });

  it('accepts an origin as the browser sends it and refuses a path or another scheme', () => {
    expect(webOriginSchema.parse('https://WWW.Ejemplo.es/')).toBe('https://www.ejemplo.es');
    expect(webOriginSchema.safeParse('https://www.ejemplo.es/contacto').success).toBe(false);
    expect(webOriginSchema.safeParse('ftp://ejemplo.es').success).toBe(false);
  });

  it('requires the name and a way to reach the lead among the fields', () => {
    const base = { name: 'F', category: null, roleId: null, thankYouText: 'Gracias', redirectUrl: '', allowedOrigins: [], active: true };
    expect(createWebFormSchema.safeParse({ ...base, fields: [{ field: 'name', required: true }] }).error?.issues[0]?.message).toBe(
      'El formulario debe pedir el email o el teléfono',
    );
    const ok = createWebFormSchema.parse({
      ...base,
      fields: [
        { field: 'name', required: true },
        { field: 'phone', required: false },
      ],
    });
    expect(ok.redirectUrl).toBeNull();
  });

  it("names each missing value in Spanish by the form's rules", () => {
    const values = publicSubmissionSchema.parse({ name: 'Ana', altcha: 'x' });
    const form = {
      fields: [
        { field: 'name' as const, required: true },
        { field: 'email' as const, required: true },
      ],
      category: null,
    };
    expect(checkWebFormValues(form, values, []).refusals.map((refusal) => refusal.message)).toEqual([
      'Email: este campo es obligatorio',
      'Indica un email o un teléfono',
      'Elige una categoría',
    ]);
  });

  it('escapes the name in the embed snippet', () => {
    expect(webFormEmbedSnippet('https://crm.es', { slug: 'a-b', name: 'Tú & "yo"' })).toContain(
      'src="https://crm.es/f/a-b" title="Tú &#38; &#34;yo&#34;"',
    );
  });

  it('takes contact and custom fields by their path, and wants the contact name beside any other contact field', () => {
    const base = { name: 'F', category: null, roleId: null, thankYouText: 'Gracias', redirectUrl: null, allowedOrigins: [], active: true };
    const fields = [
      { field: 'name', required: true },
      { field: 'email', required: false },
      { field: 'contact.cargo', required: false },
      { field: 'customFields.provincia', required: true },
    ];
    expect(createWebFormSchema.safeParse({ ...base, fields }).error?.issues.map((issue) => issue.message)).toEqual([
      'Para pedir datos de la persona de contacto, el formulario debe pedir también su nombre',
    ]);
    expect(createWebFormSchema.safeParse({ ...base, fields: [...fields, { field: 'contact.name', required: false }] }).success).toBe(true);
    const bad = createWebFormSchema.safeParse({ ...base, fields: [...fields, { field: 'customFields.Mal Escrito', required: false }] });
    expect(bad.error?.issues[0]?.message).toBe('Campo desconocido');
  });

  it('refuses unknown and archived custom fields in the settings, and hides archived ones from the form', () => {
    const definitions = [definition('provincia', 'select', { options: ['Madrid'] }), definition('antiguo', 'text', { archived: true })];
    const fields = [
      { field: 'name' as const, required: true },
      { field: 'customFields.provincia' as const, required: false },
      { field: 'customFields.antiguo' as const, required: false },
    ];
    expect(formCustomFieldsRefusal(fields.slice(0, 2), definitions)).toBeUndefined();
    expect(formCustomFieldsRefusal(fields, definitions)).toBe('«Antiguo» está archivado: recupéralo o quítalo del formulario');
    expect(formCustomFieldsRefusal([{ field: 'customFields.nada', required: false }], definitions)).toBe(
      'Campo personalizado desconocido: nada',
    );
    expect(visibleFormFields(fields, definitions).map((setting) => setting.field)).toEqual(['name', 'customFields.provincia']);
    expect(webFormFieldLabel('customFields.provincia', definitions)).toBe('Provincia');
    expect(webFormFieldLabel('contact.cargo', definitions)).toBe('Cargo');
  });

  it("checks custom values by the form's required flag with the one builder, refusing unknown, hidden and archived keys", () => {
    const definitions = [
      definition('presupuesto', 'money', { required: true }),
      definition('visita', 'date'),
      definition('interno', 'text'),
      definition('antiguo', 'text', { archived: true }),
    ];
    const form = {
      category: 'salud' as const,
      fields: [
        { field: 'name' as const, required: true },
        { field: 'email' as const, required: false },
        { field: 'customFields.presupuesto' as const, required: false },
        { field: 'customFields.visita' as const, required: true },
      ],
    };
    const check = (customFields: Record<string, unknown>) =>
      checkWebFormValues(form, publicSubmissionSchema.parse({ name: 'Ana', email: 'a@b.es', altcha: 'x', customFields }), definitions);
    // The definition requires the amount, the form does not: the form's flag decides.
    expect(check({ visita: '01/03/2026' })).toEqual({ refusals: [], customFields: { visita: '2026-03-01' } });
    expect(check({ presupuesto: '1.500,5' }).refusals).toEqual([{ path: ['customFields', 'visita'], message: '«Visita» es obligatorio' }]);
    expect(check({ visita: '2026-03-01', presupuesto: 'mucho' }).refusals[0]?.message).toBe('«Presupuesto»: debe ser un importe');
    expect(check({ visita: '2026-03-01', interno: 'x' }).refusals[0]?.message).toBe('Campo personalizado desconocido: interno');
    expect(check({ visita: '2026-03-01', otro: 'x' }).refusals[0]?.message).toBe('Campo personalizado desconocido: otro');
    expect(check({ visita: '2026-03-01', antiguo: 'x' }).refusals[0]?.message).toBe('«Antiguo» está archivado');
  });

  it('requires the contact fields the form requires, and the contact name when other contact values came', () => {
    const form = {
      category: 'salud' as const,
      fields: [
        { field: 'name' as const, required: true },
        { field: 'phone' as const, required: true },
        { field: 'contact.name' as const, required: false },
        { field: 'contact.email' as const, required: true },
      ],
    };
    const check = (contact: Record<string, unknown>) =>
      checkWebFormValues(form, publicSubmissionSchema.parse({ name: 'Ana', phone: '612345678', altcha: 'x', contact }), []).refusals;
    expect(check({ name: 'Ana', email: 'ana@x.es' })).toEqual([]);
    expect(check({ name: 'Ana' })).toEqual([{ path: ['contact', 'email'], message: 'Email de contacto: este campo es obligatorio' }]);
    expect(check({ email: 'ana@x.es' })).toEqual([{ path: ['contact', 'name'], message: 'El nombre del contacto es requerido' }]);
    expect(publicSubmissionSchema.safeParse({ altcha: 'x', contact: { email: 'no' } }).error?.issues[0]).toMatchObject({
      path: ['contact', 'email'],
      message: 'Email de contacto inválido',
    });
  });
});
