/**
 * Issue 29's scale: 20 custom lead fields (a select, a number, an amount, a date and 16 texts) with a
 * value on every lead, written in bulk SQL before the API starts; the fields are then defined
 * through the API, as an admin would, which builds their indexes over the filled table.
 */
import type { Db } from '@crm/db';
import { sql } from 'kysely';

export const SECTORS = ['Hostelería', 'Logística', 'Salud', 'Educación', 'Comercio', 'Industria', 'Servicios', 'Agricultura'];
const TEXT_FIELDS = 16;

const BENCH_FIELDS = [
  { key: 'sector', label: 'Sector', type: 'select', options: SECTORS },
  { key: 'empleados', label: 'Empleados', type: 'number' },
  { key: 'facturacion', label: 'Facturación', type: 'money' },
  { key: 'alta', label: 'Fecha alta', type: 'date' },
  ...Array.from({ length: TEXT_FIELDS }, (_unused, index) => ({ key: `texto_${index + 1}`, label: `Texto ${index + 1}`, type: 'text' })),
];

/** One statement: every lead gets its 20 values (the sector follows the lead's id, like its category). */
export async function fillCustomValues(db: Db): Promise<void> {
  const texts = Array.from(
    { length: TEXT_FIELDS },
    (_unused, index) => sql`${`texto_${index + 1}`}::text, 'valor ' || (id % 1000) || ' ' || ${index}::int`,
  );
  await sql`update leads set custom_fields = jsonb_build_object(
      'sector', (${sql.val(SECTORS)}::text[])[1 + (id * 7) % 8],
      'empleados', (id * 13) % 5000,
      'facturacion', to_char(((id * 37) % 1000000) / 100.0, 'FM9999990.00'),
      'alta', to_char(date '2020-01-01' + (id % 2000), 'YYYY-MM-DD')) || jsonb_build_object(${sql.join(texts)})`.execute(db);
  await sql`vacuum analyze leads`.execute(db);
}

/** Defines the fields through the API (each builds its indexes); answers how long that took. */
export async function defineBenchFields(url: string, cookie: string): Promise<number> {
  const started = performance.now();
  for (const field of BENCH_FIELDS) {
    const response = await fetch(new URL('/api/custom-fields', url), {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(field),
    });
    if (response.status !== 201) throw new Error(`Campo ${field.key}: HTTP ${response.status} ${await response.text()}`);
  }
  return performance.now() - started;
}
