/**
 * GET /api/openapi.json: a valid OpenAPI 3.1 document of every declared REST endpoint, checked by
 * the OpenAPI 3.1 schema (@seriousme/openapi-schema-validator), its JSON Schemas compiled by ajv
 * (2020-12, strict), and real answers of the server checked against what it documents.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ApiClient, describeWithServer, uniqueName, uniquePhone } from '../test/harness.js';
import { allEndpoints } from './all.js';
import type { OpenApiDocument } from './openapi.js';

describeWithServer('the OpenAPI document', (server) => {
  let document: OpenApiDocument;
  beforeAll(async () => {
    const answer = await new ApiClient(server().url).get<OpenApiDocument>('/api/openapi.json');
    expect(answer.status).toBe(200);
    document = answer.body;
  });

  it('is valid OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('names each path parameter its template has, and holds only valid JSON Schemas', () => {
    const ajv = compiler(document);
    for (const [path, methods] of Object.entries(document.paths)) {
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const operation of Object.values(methods)) {
        const inPath = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
        expect(inPath, `${path} ${operation.operationId}`).toEqual(templated);
        for (const parameter of operation.parameters ?? []) expect(() => ajv.compile(local(parameter.schema))).not.toThrow();
        const body = operation.requestBody?.content['application/json']?.schema;
        if (body) expect(() => ajv.compile(local(body)), operation.operationId).not.toThrow();
        for (const answer of Object.values(operation.responses)) {
          for (const { schema } of Object.values(answer.content ?? {}))
            expect(() => ajv.compile(local(schema)), operation.operationId).not.toThrow();
        }
      }
    }
  });

  it('gives answers that match what it documents', async () => {
    const admin = new ApiClient(server().url);
    expect((await admin.post('/api/login', { username: 'admin', password: ADMIN_PASSWORD })).status).toBe(200);
    const phone = uniquePhone();
    const created = await admin.post('/api/leads', { name: uniqueName('Doc'), phone, category: 'salud', description: 'De la referencia' });
    expect(created.status).toBe(201);
    const ajv = compiler(document);
    const calls: [string, string, string, ApiClient][] = [
      ['/api/health', 'get', '/api/health', admin],
      ['/api/leads', 'post', '', admin],
      ['/api/leads', 'get', '/api/leads?limit=5', admin],
      ['/api/leads/{id}', 'get', `/api/leads/${created.body.id}`, admin],
      ['/api/leads/counts', 'get', '/api/leads/counts', admin],
      ['/api/users', 'get', '/api/users', admin],
      ['/api/users-with-roles', 'get', '/api/users-with-roles', admin],
      ['/api/users/role-counts', 'get', '/api/users/role-counts', admin],
      ['/api/auth/user', 'get', '/api/auth/user', admin],
      ['/api/forms', 'get', '/api/forms', admin],
      ['/api/import-jobs', 'get', '/api/import-jobs', admin],
      ['/api/chat/contacts', 'get', '/api/chat/contacts', admin],
      ['/api/chat/available-users', 'get', '/api/chat/available-users', admin],
      ['/api/chat/channels', 'get', '/api/chat/channels', admin],
    ];
    for (const [path, method, url, client] of calls) {
      const operation = document.paths[path]?.[method];
      const [status, answer] = Object.entries(operation?.responses ?? {})[0] ?? [];
      const schema = answer?.content?.['application/json']?.schema;
      expect(schema, `${method} ${path}`).toBeDefined();
      const body = url ? (await client.get(url)).body : created.body;
      const valid = ajv.validate(local(schema as object), body);
      expect(ajv.errors ?? [], `${method} ${path} (${status})`).toEqual([]);
      expect(valid).toBe(true);
    }
  });

  it('documents every declared REST endpoint once, under its name', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, id: operation.operationId })),
    );
    const declared = allEndpoints
      .filter((endpoint) => endpoint.rest)
      .map((endpoint) => ({ key: `${endpoint.rest?.method} ${endpoint.rest?.path.replace(/:(\w+)/g, '{$1}')}`, id: endpoint.name }));
    expect(operations.sort((a, b) => a.key.localeCompare(b.key))).toEqual(declared.sort((a, b) => a.key.localeCompare(b.key)));
  });

  it('reads parameters, bodies and answers from the schemas', () => {
    const leadById = document.paths['/api/leads/{id}'];
    expect(leadById?.get?.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'integer', exclusiveMinimum: 0, maximum: 2_147_483_647 } },
    ]);
    // The body is the lead's fields, as sent over REST, not tRPC's { id, data }.
    const update = leadById?.put?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(update?.properties ?? {})).toEqual(expect.arrayContaining(['name', 'status', 'assignedTo']));
    expect(update?.properties).not.toHaveProperty('data');
    const created = document.paths['/api/leads']?.post?.responses['201']?.content?.['application/json']?.schema;
    expect(created?.properties?.createdAt).toEqual({ type: 'string', format: 'date-time' });
    expect(document.paths['/api/users/{id}']?.delete?.parameters?.map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual([
      'path id',
      'query reassignTo',
    ]);
    // Without parameters GET /api/leads answers every lead in an array: both answers are documented.
    expect(document.paths['/api/leads']?.get?.responses['200']?.content?.['application/json']?.schema.anyOf).toHaveLength(2);
    expect(Object.keys(document.paths['/api/leads/export']?.get?.responses['200']?.content ?? {})).toEqual(['text/csv']);
    // Uploads are multipart with their file part; a redirect and a preflight carry no body.
    const upload = document.paths['/api/upload-profile-image']?.post?.requestBody?.content['multipart/form-data']?.schema;
    expect(upload?.properties?.image).toMatchObject({ type: 'string', format: 'binary' });
    expect(document.paths['/api/login']?.get?.responses['302']).toEqual({ description: 'Redirige (cabecera `Location`)' });
    expect(document.paths['/api/forms/{slug}/submissions']?.options?.responses['204']).toBeDefined();
  });

  it('declares who may call each path', () => {
    expect(document.components.securitySchemes).toMatchObject({
      cookieSession: { type: 'apiKey', in: 'cookie', name: 'crm_session' },
      bearerAuth: { type: 'http', scheme: 'bearer' },
    });
    // Either the session cookie or an API token: a client (and /api/docs) may send the one it has.
    expect(document.security).toEqual([{ cookieSession: [] }, { bearerAuth: [] }]);
    expect(document.paths['/api/health']?.get?.security).toEqual([]);
    const exportCsv = document.paths['/api/leads/export']?.get;
    expect(exportCsv?.['x-permission']).toBe('lead.manage');
    expect(exportCsv?.description).toContain('Administrador, Manager');
    expect(exportCsv?.responses).toHaveProperty('403');
  });
});

/** An ajv for the document's schemas: 2020-12, strict, formats checked, the named components resolvable. */
function compiler(document: OpenApiDocument): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats.default(ajv);
  // OpenAPI keywords beside JSON Schema's.
  ajv.addKeyword('x-permission');
  // Downloads: bytes, not JSON.
  ajv.addFormat('binary', true);
  ajv.addSchema({ $id: 'openapi', $defs: document.components.schemas });
  return ajv;
}

/** A schema whose `#/components/schemas/...` references point into the schemas added to ajv as 'openapi'. */
function local(schema: object): object {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"openapi#/$defs/')) as object;
}
