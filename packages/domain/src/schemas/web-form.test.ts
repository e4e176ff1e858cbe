import { describe, expect, it } from 'vitest';
import {
  createWebFormSchema,
  publicSubmissionSchema,
  slugFromName,
  utmParametersOf,
  webFormEmbedSnippet,
  webFormValuesRefusals,
  webOriginSchema,
} from './web-form.js';

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
    expect(webFormValuesRefusals(form, values).map((refusal) => refusal.message)).toEqual([
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
});
