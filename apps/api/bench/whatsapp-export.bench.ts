/**
 * `pnpm bench:whatsapp-export` (issue 30, 'Scale'): a chat exported from the phone with MESSAGES
 * messages imported over HTTP into a lead (upload, parsing, digests, the set-based insert, the
 * conversation and the history), against inserting the same rows into another lead with one
 * multi-row INSERT straight into the database, in the same run; RUNS rounds, alternating. Prints
 * each side's median and the ratio (the target: at most 2×). The chat is written in the format of a
 * Spanish Android export (the parser's published test lines: 'dd/mm/yyyy, hh:mm a.m. - Autor: texto'),
 * two participants, one message in ten on two lines.
 * Options: --messages=N (5,000), --runs=N (3), --only=embedded|postgres, --pg=<admin url>.
 */
import type { Db } from '@crm/db';
import { startApiSite } from './support/api-site.js';
import { ms, printTable } from './support/chat-bench-kit.js';
import { benchOptions as options, benchTargets, runBench, TARGET_LABEL } from './support/options.js';
import { loginCookie } from './support/server-process.js';

const MESSAGES = Number(options['messages'] ?? 5_000);
const RUNS = Number(options['runs'] ?? 3);

const pad = (value: number) => String(value).padStart(2, '0');

/** The export's text: a message a minute from 1 March 2026, 12-hour clock as Spanish Android writes it. */
function exportedChat(count: number): string {
  const lines: string[] = [];
  const start = Date.UTC(2026, 2, 1, 8, 0);
  for (let index = 0; index < count; index += 1) {
    const at = new Date(start + index * 60_000);
    const hour = at.getUTCHours();
    const clock = `${pad(hour % 12 === 0 ? 12 : hour % 12)}:${pad(at.getUTCMinutes())} ${hour < 12 ? 'a.m.' : 'p.m.'}`;
    const author = index % 3 === 0 ? 'Loris' : 'Luke';
    const text = index % 10 === 0 ? `Mensaje ${index}\nsegunda línea` : `Mensaje ${index} sobre el presupuesto`;
    lines.push(`${pad(at.getUTCDate())}/${pad(at.getUTCMonth() + 1)}/${at.getUTCFullYear()}, ${clock} - ${author}: ${text}`);
  }
  return `${lines.join('\n')}\n`;
}

async function newLead(url: string, cookie: string, tag: string): Promise<number> {
  const response = await fetch(new URL('/api/leads', url), {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Chat ${tag}`, email: `chat.${tag}@example.com`, category: 'retail', description: 'bench' }),
  });
  if (response.status !== 201) throw new Error(`lead: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

async function timeImport(url: string, cookie: string, leadId: number, chat: string): Promise<number> {
  const form = new FormData();
  form.append('seller', 'Loris');
  form.append('file', new Blob([chat], { type: 'text/plain' }), 'Chat de WhatsApp con Luke.txt');
  const start = performance.now();
  const response = await fetch(new URL(`/api/leads/${leadId}/whatsapp/export`, url), { method: 'POST', headers: { cookie }, body: form });
  const body = (await response.json()) as { added?: number; message?: string };
  const elapsed = performance.now() - start;
  if (response.status !== 200 || body.added !== MESSAGES) throw new Error(`import: ${response.status} ${JSON.stringify(body)}`);
  return elapsed;
}

/** The imported rows, inserted again into another lead with one multi-row statement: the floor an import cannot beat. */
async function timeOneInsert(db: Db, fromLead: number, toLead: number): Promise<number> {
  const rows = await db
    .selectFrom('whatsapp_messages')
    .select(['direction', 'origin', 'export_key', 'kind', 'body', 'details', 'author_name', 'status', 'sent_at'])
    .where('lead_id', '=', fromLead)
    .execute();
  const values = rows.map((row) => ({ ...row, lead_id: toLead, details: JSON.stringify(row.details) }));
  const start = performance.now();
  await db.insertInto('whatsapp_messages').values(values).execute();
  return performance.now() - start;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

void runBench(async () => {
  const chat = exportedChat(MESSAGES);
  console.log(`Chat exportado: ${MESSAGES} mensajes, ${(Buffer.byteLength(chat) / 1024).toFixed(0)} KB; ${RUNS} rondas.`);
  for (const target of benchTargets) {
    const site = await startApiSite(target);
    const url = site.apis[0]?.url ?? '';
    const cookie = await loginCookie(url);
    const imports: number[] = [];
    const inserts: number[] = [];
    // A first round warms both paths (the parser's module, the plans); it is not counted.
    for (let round = 0; round <= RUNS; round += 1) {
      const imported = await newLead(url, cookie, `${target}-${round}-a`);
      const copied = await newLead(url, cookie, `${target}-${round}-b`);
      const importMs = await timeImport(url, cookie, imported, chat);
      const insertMs = await timeOneInsert(site.db, imported, copied);
      if (round > 0) {
        imports.push(importMs);
        inserts.push(insertMs);
      }
    }
    const ratio = median(imports) / median(inserts);
    console.log(`\n${TARGET_LABEL[target]}`);
    printTable(
      [
        { heading: 'medida', width: 44 },
        { heading: 'mediana', width: 10 },
      ],
      [
        ['importar el chat por HTTP', ms(median(imports))],
        ['un INSERT de varias filas con los mismos', ms(median(inserts))],
        ['proporción (objetivo ≤ 2×)', `${ratio.toFixed(2)}×`],
      ],
    );
    await site.stop();
  }
});
