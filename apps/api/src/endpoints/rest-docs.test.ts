/**
 * docs/rest-endpoints.md is what the declarations say now: a declaration changed without
 * `pnpm docs:api` fails here. The generator also reflects what it is given (a fresh endpoint shows
 * up with its summary, access, body and answers), so the comparison cannot pass on an empty file.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints } from './all.js';
import { endpoint, type AnyEndpoint } from './endpoint.js';
import { openApiDocument } from './openapi.js';
import { REST_DOCS_FILE, restDocsMarkdown } from './rest-docs.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('the generated REST reference', () => {
  it('is up to date with the declarations: run `pnpm docs:api` otherwise', async () => {
    const committed = await readFile(path.join(repoRoot, REST_DOCS_FILE), 'utf8');
    expect(committed).toBe(restDocsMarkdown(allEndpoints, openApiDocument(allEndpoints)));
  });

  it('lists every declared REST endpoint once', () => {
    const markdown = restDocsMarkdown(allEndpoints, openApiDocument(allEndpoints));
    for (const { rest } of allEndpoints) {
      if (!rest) continue;
      const row = `| \`${rest.method} ${rest.path.replace(/:(\w+)/g, '{$1}')}`;
      // The path ends the code span, or its query parameters follow.
      const rows = markdown.split('\n').filter((line) => line.startsWith(`${row}\``) || line.startsWith(`${row}?`));
      expect(rows, row).toHaveLength(1);
    }
  });

  it('writes a row from the declaration: summary, roles, body and answers', () => {
    const sample = [
      endpoint({
        name: 'samples.create',
        summary: 'Crea una muestra',
        description: 'Solo para la prueba',
        permission: 'lead.manage',
        input: z.object({ id: z.number().int(), data: z.object({ name: z.string(), note: z.string().optional() }) }),
        output: z.object({ id: z.number(), name: z.string() }),
        rest: { method: 'POST', path: '/api/samples/:id', status: 201, bodyKey: 'data' },
        handler: ({ input }) => Promise.resolve({ id: input.id, name: input.data.name }),
      }),
    ] as unknown as AnyEndpoint[];
    const markdown = restDocsMarkdown(sample, openApiDocument(sample));
    expect(markdown).toContain('### `samples`');
    expect(markdown).toContain(
      '| `POST /api/samples/{id}` | Crea una muestra. Solo para la prueba | admin, manager (`lead.manage`) | `{ name, note? }` | 201 `{ id, name }`; 400; 403; 404 |',
    );
  });
});
