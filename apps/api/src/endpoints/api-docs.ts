/**
 * GET /api/docs: the interactive reference of GET /api/openapi.json (Swagger UI), served from the
 * swagger-ui-dist package installed with the server, never from a CDN: the app runs offline. The
 * page loads only files of this origin and no inline script, so the app's Content-Security-Policy
 * holds as it is. "Try it out" calls go from the page itself: with the session cookie of a signed-in
 * tab, or with an API token entered under "Authorize" (`bearerAuth`), kept only while the tab lives.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { NO_INPUT, endpoint } from './endpoint.js';

const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/**
 * What the page runs: the reference of this server's document, with no call to any other host
 * (no validator badge; `?url=` cannot point the page at another document).
 */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    queryConfigEnabled: false,
    dom_id: '#swagger-ui',
    layout: 'BaseLayout',
    // Deep links put a link inside each operation's toggle button (axe: nested-interactive).
    deepLinking: false,
    filter: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    withCredentials: true,
    persistAuthorization: false,
    validatorUrl: null,
    // Its colour themes put red and grey tokens on dark grey under WCAG AA: plain text instead.
    syntaxHighlight: false,
  });
});
`;

/**
 * Swagger UI's pastel badges and links under white or on white fall short of WCAG AA (4.5:1):
 * the same hues, darker (each 5.1:1 or more against white).
 */
const CONTRAST_CSS = `.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1565c0; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1b7a43; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #a85400; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #1d7a6e; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #c62828; }
.swagger-ui .info .title small { background: #5c6370; }
.swagger-ui .info .title small.version-stamp { background: #4d7300; }
.swagger-ui .info .url, .swagger-ui .info a { color: #1a5fb4; }
.swagger-ui .btn.authorize { color: #1b7a43; border-color: #1b7a43; }
.swagger-ui .btn.authorize svg { fill: #1b7a43; }
.swagger-ui .btn.execute { background-color: #1a5fb4; border-color: #1a5fb4; }
.swagger-ui .btn.cancel { color: #b00020; background-color: #fff; border-color: #b00020; }
.swagger-ui .download-contents { color: #fff; background: #4b5060; }
`;

const PAGE = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>CRM: referencia de la API REST</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
    <link rel="stylesheet" href="/api/docs/contrast.css" />
  </head>
  <body>
    <main id="swagger-ui"></main>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

const HTML = 'text/html; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

/** What each file is: written here, or read from the swagger-ui-dist package. */
const SOURCES = {
  page: { contentType: HTML, text: PAGE },
  'init.js': { contentType: JS, text: INIT_SCRIPT },
  'contrast.css': { contentType: CSS, text: CONTRAST_CSS },
  'swagger-ui-bundle.js': { contentType: JS, packageFile: 'swagger-ui-bundle.js' },
  'swagger-ui.css': { contentType: CSS, packageFile: 'swagger-ui.css' },
} as const;
type AssetName = keyof typeof SOURCES;
const FILE_NAMES = ['swagger-ui-bundle.js', 'swagger-ui.css', 'contrast.css', 'init.js'] as const satisfies readonly AssetName[];

interface Asset {
  contentType: string;
  body: Buffer;
  etag: string;
}

/** Read once, on first use: the files do not change while the server runs. */
const assets = new Map<AssetName, Promise<Asset>>();

async function readAsset(name: AssetName): Promise<Asset> {
  const source: { contentType: string; text?: string; packageFile?: string } = SOURCES[name];
  const body = source.packageFile ? await readFile(path.join(SWAGGER_UI_DIR, source.packageFile)) : Buffer.from(source.text ?? '');
  return { contentType: source.contentType, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

function loadAsset(name: AssetName): Promise<Asset> {
  let loaded = assets.get(name);
  if (!loaded) {
    loaded = readAsset(name);
    assets.set(name, loaded);
  }
  return loaded;
}

const assetSchema = z.object({ contentType: z.string(), body: z.unknown(), etag: z.string() });

/** Revalidated on each load (a 304 while unchanged), so an upgrade of the package shows at once. */
function sendAsset(reply: FastifyReply, file: Asset): FastifyReply {
  reply.header('cache-control', 'no-cache').header('etag', file.etag);
  if (reply.request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  return reply.header('content-type', file.contentType).send(file.body);
}

export const apiDocsEndpoints = [
  endpoint({
    name: 'reference.docs',
    summary: 'La referencia interactiva de esta API (Swagger UI), servida por el propio servidor',
    description:
      'Una página HTML que lee `/api/openapi.json`; "Try it out" llama con la sesión del navegador o con un token de API ("Authorize").',
    permission: 'public',
    input: NO_INPUT,
    output: assetSchema,
    rest: { method: 'GET', path: '/api/docs', produces: 'text/html', send: sendAsset },
    handler: () => loadAsset('page'),
  }),
  endpoint({
    name: 'reference.docsFile',
    summary: 'Un archivo de la referencia interactiva: sus scripts y hojas de estilo',
    permission: 'public',
    input: z.object({ file: z.enum(FILE_NAMES, { error: 'Archivo no encontrado' }) }),
    output: assetSchema,
    rest: { method: 'GET', path: '/api/docs/:file', produces: 'text/javascript', send: sendAsset },
    handler: ({ input }) => loadAsset(input.file),
  }),
] as const;
