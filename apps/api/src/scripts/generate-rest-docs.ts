/** `pnpm docs:api`: writes docs/rest-endpoints.md from the endpoint declarations (endpoints/rest-docs.ts). */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { allEndpoints } from '../endpoints/all.js';
import { openApiDocument } from '../endpoints/openapi.js';
import { REST_DOCS_FILE, restDocsMarkdown } from '../endpoints/rest-docs.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const target = path.join(repoRoot, REST_DOCS_FILE);
await writeFile(target, restDocsMarkdown(allEndpoints, openApiDocument(allEndpoints)));
console.log(`Escrito ${REST_DOCS_FILE}`);
