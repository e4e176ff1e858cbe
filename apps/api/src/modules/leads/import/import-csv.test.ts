import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CSV_LIMITS, CSV_TOO_MANY_COLUMNS, csvProblem, readRecords } from './import-csv.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'crm-csv-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** CPU time since `started`: a loaded CI machine stretches the clock, not the work (import-xlsx-hostile.test.ts). */
function cpuMs(started: NodeJS.CpuUsage): number {
  const spent = process.cpuUsage(started);
  return (spent.user + spent.system) / 1000;
}

/** The records of `text` read as a comma CSV, or the Spanish 400 its reading ends in, and the CPU time it took. */
async function read(text: string): Promise<{ cells?: number; message?: string; ms: number }> {
  const path = join(folder, 'archivo.csv');
  await writeFile(path, text);
  const started = process.cpuUsage();
  try {
    let cells = 0;
    for await (const record of readRecords(path, 'utf8', ',')) cells += record.length;
    return { cells, ms: cpuMs(started) };
  } catch (error) {
    return { message: (csvProblem(error) ?? (error as Error)).message, ms: cpuMs(started) };
  }
}

it('reads a row of as many columns as the bound', async () => {
  expect(await read(`name,categoryName\n${'x,'.repeat(CSV_LIMITS.columns - 1)}x\n`)).toMatchObject({ cells: 2 + CSV_LIMITS.columns });
});

it('refuses a row one cell past the bound', async () => {
  const header = 'name,categoryName\nEmpresa,retail\n';
  expect((await read(`${header}${'x,'.repeat(CSV_LIMITS.columns)}x\nOtra,retail\n`)).message).toBe(CSV_TOO_MANY_COLUMNS(3));
});

it('names the unclosed quote of a cell past the column bound', async () => {
  const result = await read(`name,categoryName\n${'x,'.repeat(CSV_LIMITS.columns)}"x\nOtra,retail\n`);
  expect(result.message).toBe('El archivo CSV no es válido cerca de la línea 3: hay comillas sin cerrar');
});

it('refuses a row of five million empty cells at the column past the bound, at once', async () => {
  const result = await read(`name,categoryName\nEmpresa,retail\n${','.repeat(5_000_000)}\n`);
  expect(result.message).toBe(CSV_TOO_MANY_COLUMNS(3));
  expect(result.ms).toBeLessThan(1_000);
});

it('refuses a record past the size bound, as an unclosed quote makes one', async () => {
  const result = await read(`name,categoryName\n"Empresa${'x'.repeat(3_000_000)},retail\n`);
  expect(result.message).toBe(
    'El archivo CSV no es válido cerca de la línea 2: una fila supera los 1.048.576 caracteres (¿hay comillas sin cerrar?)',
  );
  expect(result.ms).toBeLessThan(1_000);
});
