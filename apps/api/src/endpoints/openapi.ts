/**
 * The OpenAPI 3.1 document of the REST API, derived from the declared endpoints: every path,
 * parameter, body and answer comes from an endpoint's binding and zod schemas (zod 4's own
 * `z.toJSONSchema`, JSON Schema 2020-12, which OpenAPI 3.1's default dialect reads as it is: no
 * `jsonSchemaDialect`, which Swagger UI at /api/docs would warn about); nothing here names a path.
 */
import { z } from 'zod';
import { rolesAllowed, SYSTEM_ROLE_LABELS } from '@crm/domain';
import { SESSION_COOKIE } from '../sessions/session.js';
import type { AnyEndpoint, RestBinding } from './endpoint.js';

type Schema = z.core.JSONSchema.BaseSchema;

interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  'x-permission': string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: 'path' | 'query'; required: boolean; schema: Schema; description?: string }[];
  requestBody?: { required: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  /** What every operation needs unless it says otherwise (public ones say `[]`). */
  security: Record<string, string[]>[];
  tags: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { securitySchemes: Record<string, Record<string, string>>; schemas: Record<string, Schema> };
}

/** Dates are `z.date()` in the schemas (superjson keeps them over tRPC); JSON carries ISO strings. */
function datesAsStrings(ctx: { zodSchema: z.core.$ZodTypes; jsonSchema: Schema }): void {
  if (ctx.zodSchema._zod.def.type === 'date') {
    ctx.jsonSchema.type = 'string';
    ctx.jsonSchema.format = 'date-time';
  }
}

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Schema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // A download's body (a stream) has no JSON form: it is documented by its media type instead.
    unrepresentable: 'any',
    override: datesAsStrings,
  });
  return rest;
}

const ERROR_SCHEMA: Schema = {
  type: 'object',
  properties: {
    message: { type: 'string', description: 'En español' },
    issues: {
      type: 'array',
      description: 'Solo en errores de validación: `message` es el texto del primero',
      items: {
        type: 'object',
        properties: { path: { type: 'array', items: { type: ['string', 'integer'] } }, message: { type: 'string' } },
        required: ['path', 'message'],
      },
    },
  },
  required: ['message'],
};

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** `/api/leads/:id` → `/api/leads/{id}`, and the parameter names in order. */
export function openApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const converted = path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: converted, params };
}

function permissionText(endpoint: AnyEndpoint): string {
  if (endpoint.permission === 'public') return 'Público: no necesita sesión.';
  if (endpoint.permission === 'authenticated') return 'Cualquier usuario con sesión.';
  const roles = rolesAllowed(endpoint.permission).map((role) => SYSTEM_ROLE_LABELS[role]);
  return `Permiso \`${endpoint.permission}\`: ${roles.join(', ')}.`;
}

function parametersAndBody(rest: RestBinding<never, unknown>, input: Schema, params: string[]) {
  const properties = (input.properties ?? {}) as Record<string, Schema>;
  const required = new Set(input.required ?? []);
  const parameters: NonNullable<OpenApiOperation['parameters']> = params.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: properties[name] ?? { type: 'string' },
  }));
  const others = Object.keys(properties).filter((name) => !params.includes(name));
  if (rest.upload) {
    const form = jsonSchemaOf(rest.upload.form, 'input');
    return { parameters, requestBody: { required: true, content: { 'multipart/form-data': { schema: form } } } };
  }
  if (rest.method === 'GET' || rest.method === 'DELETE' || rest.method === 'OPTIONS') {
    for (const name of others) parameters.push({ name, in: 'query', required: required.has(name), schema: properties[name] ?? {} });
    return { parameters };
  }
  const bodySchema: Schema | undefined = rest.bodyKey
    ? properties[rest.bodyKey]
    : {
        type: 'object',
        properties: Object.fromEntries(others.map((name) => [name, properties[name] ?? {}])),
        required: others.filter((name) => required.has(name)),
      };
  const requestBody = bodySchema && { required: true, content: { 'application/json': { schema: bodySchema } } };
  return { parameters, requestBody };
}

function successContent(endpoint: AnyEndpoint, rest: RestBinding<never, unknown>): Record<string, { schema: Schema }> {
  if (rest.produces) return { [rest.produces]: { schema: { type: 'string', format: 'binary' } } };
  const declared = jsonSchemaOf(endpoint.output, 'output');
  if (!rest.intercept) return { 'application/json': { schema: declared } };
  const other = { ...jsonSchemaOf(rest.intercept.output, 'output'), description: rest.intercept.when };
  return { 'application/json': { schema: { anyOf: [declared, other] } } };
}

/** The success answer: 204 carries nothing, a 302 only its `Location`. */
function answerOf(endpoint: AnyEndpoint, rest: RestBinding<never, unknown>): OpenApiOperation['responses'][string] {
  if (rest.status === 204) return { description: 'Correcto, sin contenido' };
  if (rest.status === 302) return { description: 'Redirige (cabecera `Location`)' };
  return { description: 'Correcto', content: successContent(endpoint, rest) };
}

function operationOf(endpoint: AnyEndpoint, rest: RestBinding<never, unknown>, params: string[]): OpenApiOperation {
  const input = jsonSchemaOf(endpoint.input, 'input');
  const { parameters, requestBody } = parametersAndBody(rest, input, params);
  const status = String(rest.status ?? 200);
  const responses: OpenApiOperation['responses'] = {
    [status]: answerOf(endpoint, rest),
  };
  if (parameters.length > 0 || requestBody) responses['400'] = errorAnswer('Datos no válidos');
  if (endpoint.permission !== 'public') responses['401'] = errorAnswer('Sin sesión válida: exactamente `{ "message": "Unauthorized" }`');
  if (endpoint.permission !== 'public') responses['403'] = errorAnswer('El rol no lo permite, o una petición de otro sitio web');
  if (params.length > 0) responses['404'] = errorAnswer('No existe');
  responses.default = errorAnswer('Otros errores (409, 413, 429…), siempre con un mensaje en español');
  return {
    operationId: endpoint.name,
    summary: endpoint.summary,
    description: [endpoint.description, permissionText(endpoint)].filter(Boolean).join('\n\n'),
    tags: [endpoint.name.slice(0, endpoint.name.indexOf('.'))],
    'x-permission': endpoint.permission,
    ...(endpoint.permission === 'public' ? { security: [] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

export function openApiDocument(endpoints: readonly AnyEndpoint[]): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const endpoint of endpoints) {
    if (!endpoint.rest) continue;
    const { path, params } = openApiPath(endpoint.rest.path);
    const operation = operationOf(endpoint, endpoint.rest, params);
    operation.tags.forEach((tag) => tags.add(tag));
    paths[path] = { ...paths[path], [endpoint.rest.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'CRM: API REST',
      version: '1.0.0',
      description:
        'Cada ruta que el servidor contesta bajo `/api`, generada de la declaración de cada endpoint. Errores: `{ "message": "<texto en español>" }`; los de validación añaden `issues`. Convenciones, sesión y CSRF: docs/rest-api.md.',
    },
    // Either one: the session cookie, or an API token (docs/api-tokens.md) on every non-public path.
    security: [{ cookieSession: [] }, { bearerAuth: [] }],
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        cookieSession: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'La sesión que abre `POST /api/login`; en /api/docs la envía el navegador si hay una abierta',
        },
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'Un token de API (`crm_…`)' },
      },
      schemas: { Error: ERROR_SCHEMA },
    },
  };
}
