/**
 * Every declared endpoint, in the order of the reference: the REST adapter registers them,
 * openapi.ts documents them (the reference's own endpoint included).
 */
import { z } from 'zod';
import { healthEndpoints } from '../modules/health/health.endpoints.js';
import { leadsEndpoints } from '../modules/leads/leads.endpoints.js';
import { usersEndpoints } from '../modules/users/users.endpoints.js';
import { apiDocsEndpoints } from './api-docs.js';
import { type AnyEndpoint, NO_INPUT, endpoint } from './endpoint.js';
import { type OpenApiDocument, openApiDocument } from './openapi.js';

let document: OpenApiDocument | undefined;

const referenceEndpoints = [
  endpoint({
    name: 'reference.openapi',
    summary: 'Este documento OpenAPI 3.1, generado de la declaración de cada endpoint',
    permission: 'public',
    input: NO_INPUT,
    output: z.record(z.string(), z.unknown()),
    rest: { method: 'GET', path: '/api/openapi.json' },
    // Built once, on the first request: the declarations do not change while the server runs.
    handler: () => Promise.resolve((document ??= openApiDocument(allEndpoints)) as unknown as Record<string, unknown>),
  }),
] as const;

export const allEndpoints: readonly AnyEndpoint[] = [
  ...healthEndpoints,
  ...usersEndpoints,
  ...leadsEndpoints,
  ...referenceEndpoints,
  ...apiDocsEndpoints,
] as readonly AnyEndpoint[];
