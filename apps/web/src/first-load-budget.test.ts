/**
 * The JavaScript a first load downloads, from the production build's Vite manifest: the entry and
 * everything it imports statically (what index.html preloads), plus, for a signed-in screen, the
 * signed-in shell's and the screen's chunks and theirs. Sizes are the brotli copies the server sends
 * (tools/precompress-plugin.ts), so the figures are deterministic. Needs `pnpm --filter @crm/web
 * build` first (the repo's `pnpm test` builds it); a missing build fails, it is never skipped.
 *
 * Chunks a screen imports while it renders are not counted here: scripts/measure-first-load.ts
 * measures those in Chromium.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Vitest runs in the package's folder (as `pnpm test` and turbo run it).
const DIST = path.resolve('dist');
const MANIFEST = path.join(DIST, '.vite/manifest.json');

/**
 * Issue 25's budget is 200 KB for any screen's first load. The login screen keeps a tighter one of
 * its own: it was 118 KB when this test was written, and a phone's first visit starts there.
 */
const LOGIN_BUDGET_KB = 130;
const SCREEN_BUDGET_KB = 200;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

function readManifest(): Record<string, ManifestChunk> {
  if (!existsSync(MANIFEST)) throw new Error(`No hay build de la app web en ${DIST}: ejecuta "pnpm --filter @crm/web build".`);
  return JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, ManifestChunk>;
}

/** Bytes on the wire: the brotli copy when the build wrote one (it does not for tiny files). */
function compressedBytes(file: string): number {
  const full = path.join(DIST, file);
  return existsSync(`${full}.br`) ? statSync(`${full}.br`).size : statSync(full).size;
}

/** The JS files of these manifest keys and of everything they import statically. */
function staticClosure(manifest: Record<string, ManifestChunk>, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`El manifiesto no tiene ${key}`);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

function firstLoadKb(keys: string[]): number {
  const manifest = readManifest();
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('El manifiesto no tiene entrada');
  const files = staticClosure(manifest, [entry, ...keys]);
  return [...files].reduce((total, file) => total + compressedBytes(file), 0) / 1024;
}

describe('first-load JavaScript (compressed)', () => {
  it(`keeps the login screen within ${LOGIN_BUDGET_KB} KB`, () => {
    expect(firstLoadKb([])).toBeLessThanOrEqual(LOGIN_BUDGET_KB);
  });

  it(`keeps the dashboard within ${SCREEN_BUDGET_KB} KB`, () => {
    expect(firstLoadKb(['src/SignedInApp.tsx', 'src/pages/Dashboard.page.tsx'])).toBeLessThanOrEqual(SCREEN_BUDGET_KB);
  });

  it(`keeps the leads list within ${SCREEN_BUDGET_KB} KB`, () => {
    expect(firstLoadKb(['src/SignedInApp.tsx', 'src/pages/Leads.page.tsx'])).toBeLessThanOrEqual(SCREEN_BUDGET_KB);
  });

  it("keeps libphonenumber's metadata out of every first load", () => {
    // The lists format phones once the formatter loads after their first paint (LeadPhone).
    const manifest = readManifest();
    const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? '';
    const files = staticClosure(manifest, [entry, 'src/SignedInApp.tsx', 'src/pages/Dashboard.page.tsx', 'src/pages/Leads.page.tsx']);
    const phone = Object.values(manifest).find((chunk) => chunk.file.includes('/phone-'));
    expect(phone).toBeDefined();
    expect(files.has(phone?.file ?? '')).toBe(false);
  });
});
