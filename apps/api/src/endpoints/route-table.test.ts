/**
 * Every route the app registers under /api and every tRPC procedure is a declared endpoint with
 * a permission, input and output schemas and a Spanish summary. Routes and procedures not yet
 * converted are listed below while the conversion runs: convert a module, delete its lines.
 */
import { ACTIONS } from '@crm/domain';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { describeWithServer } from '../test/harness.js';
import { appRouter } from '../trpc/root.js';
import { allEndpoints, allSubscriptions } from './all.js';
import type { AnyEndpoint, SubscriptionEndpoint } from './endpoint.js';
import { isDeclaredProcedure } from './trpc-adapter.js';

const PERMISSIONS = new Set<string>([...ACTIONS, 'authenticated', 'public']);

/** What a declaration lacks, as readable words; empty when complete (a subscription declares no output). */
function gaps(endpoint: AnyEndpoint | SubscriptionEndpoint): string[] {
  const missing: string[] = [];
  if (!PERMISSIONS.has(endpoint.permission)) missing.push(`permiso '${String(endpoint.permission)}'`);
  if (!(endpoint.input instanceof z.ZodType)) missing.push('input');
  if ('handler' in endpoint && !(endpoint.output instanceof z.ZodType)) missing.push('output');
  if (!/^\p{Lu}/u.test(endpoint.summary ?? '')) missing.push('summary');
  const inputKeys = Object.keys(z.toJSONSchema(endpoint.input, { io: 'input', unrepresentable: 'any' }).properties ?? {});
  const rest = 'rest' in endpoint ? endpoint.rest : undefined;
  for (const [, param] of rest?.path.matchAll(/:([A-Za-z0-9_]+)/g) ?? []) {
    if (!inputKeys.includes(param ?? '')) missing.push(`el parámetro ${param} en input`);
  }
  return missing;
}

describeWithServer('the route table', (server) => {
  const byName = new Map(allEndpoints.map((endpoint) => [endpoint.name, endpoint]));

  it('names each endpoint once', () => {
    expect(byName.size).toBe(allEndpoints.length);
  });

  it('declares every /api route: permission, input, output and summary', () => {
    const undeclared: string[] = [];
    const incomplete: string[] = [];
    for (const route of server().app.routeTable) {
      const methods = [route.method].flat().filter((method) => method !== 'HEAD');
      if (!route.url.startsWith('/api') || methods.length === 0) continue;
      const key = `${methods.join(',')} ${route.url}`;
      const name = (route.config as { endpoint?: string } | undefined)?.endpoint;
      const endpoint = name === undefined ? undefined : byName.get(name);
      if (!endpoint) {
        undeclared.push(key);
        continue;
      }
      const missing = gaps(endpoint);
      if (missing.length > 0) incomplete.push(`${key} (${endpoint.name}): ${missing.join(', ')}`);
    }
    expect(undeclared).toEqual([]);
    expect(incomplete).toEqual([]);
  });

  it('builds every tRPC procedure from a declaration', () => {
    // At run time a flat map from each dotted path ('leads.list') to its procedure; its type is the nested record.
    const procedures = appRouter._def.procedures as unknown as Record<string, Parameters<typeof isDeclaredProcedure>[0]>;
    const undeclared = Object.entries(procedures)
      .filter(([, procedure]) => !isDeclaredProcedure(procedure))
      .map(([path]) => path);
    expect(undeclared).toEqual([]);
    for (const endpoint of allEndpoints.filter((declared) => declared.trpc)) {
      expect(procedures[endpoint.name], endpoint.name).toBe(endpoint.procedure);
      expect(gaps(endpoint), endpoint.name).toEqual([]);
    }
    // A live subscription is built by hand for its socket gates: it must take the input it declares.
    for (const declared of allSubscriptions) {
      expect(procedures[declared.name], declared.name).toBe(declared.procedure);
      expect((declared.procedure._def as { inputs: unknown[] }).inputs, declared.name).toContain(declared.input);
      expect(gaps(declared), declared.name).toEqual([]);
    }
  });
});
