import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREEN_PRELOADS_FILE, matchesScreenPath, preloadTags, readScreenPreloads } from './screen-preloads.js';

const PRELOADS = {
  screens: [
    { path: '/', scripts: ['assets/SignedInApp-a1.js', 'assets/Dashboard.page-b2.js'], styles: ['assets/SignedInApp-c3.css'] },
    { path: '/leads/:id', scripts: ['assets/SignedInApp-a1.js', 'assets/Lead.page-d4.js'], styles: [] },
  ],
};

describe('matchesScreenPath', () => {
  it('matches a route pattern as the router does, a parameter standing for one segment', () => {
    expect(matchesScreenPath('/', '/')).toBe(true);
    expect(matchesScreenPath('/leads/:id', '/leads/42')).toBe(true);
    expect(matchesScreenPath('/leads/:id', '/leads/42/')).toBe(true);
    expect(matchesScreenPath('/leads/:id', '/leads')).toBe(false);
    expect(matchesScreenPath('/leads/:id', '/leads/42/notas')).toBe(false);
    expect(matchesScreenPath('/leads', '/pipeline')).toBe(false);
  });
});

describe('preloadTags', () => {
  it("names the address's styles, then its scripts", () => {
    expect(preloadTags(PRELOADS, '/leads/7')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/SignedInApp-a1.js">\n    <link rel="modulepreload" crossorigin href="/assets/Lead.page-d4.js">',
    );
    expect(preloadTags(PRELOADS, '/')).toContain('<link rel="stylesheet" crossorigin href="/assets/SignedInApp-c3.css">');
  });

  it('names nothing for an address of no screen, or without the build list', () => {
    expect(preloadTags(PRELOADS, '/no-existe')).toBe('');
    expect(preloadTags(null, '/')).toBe('');
  });
});

describe('readScreenPreloads', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'crm-preloads-'));
    await mkdir(path.join(root, '.vite'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("reads the build's list", async () => {
    await writeFile(path.join(root, SCREEN_PRELOADS_FILE), JSON.stringify(PRELOADS));
    expect(await readScreenPreloads(root)).toEqual(PRELOADS);
  });

  it('ignores a list that is not JSON, or names a file that could leave the attribute', async () => {
    await writeFile(path.join(root, SCREEN_PRELOADS_FILE), '{');
    expect(await readScreenPreloads(root)).toBeNull();
    const hostile = { screens: [{ path: '/', scripts: ['assets/x.js"><script>alert(1)</script>'], styles: [] }] };
    await writeFile(path.join(root, SCREEN_PRELOADS_FILE), JSON.stringify(hostile));
    expect(await readScreenPreloads(root)).toBeNull();
  });

  it('is none for a build without the list', async () => {
    await rm(path.join(root, SCREEN_PRELOADS_FILE));
    expect(await readScreenPreloads(root)).toBeNull();
  });
});
