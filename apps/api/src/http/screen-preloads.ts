/**
 * The first-load files of each signed-in address, as the web build lists them in
 * `.vite/screen-preloads.json` (apps/web/tools/screen-preloads-plugin.ts), turned into the
 * `<link>` tags index.html carries for a visit with a session cookie: the phone then downloads the
 * signed-in shell and the screen alongside the entry instead of after running it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

export const SCREEN_PRELOADS_FILE = '.vite/screen-preloads.json';

/** A build file's name as the plugin writes it: assets/<name>.js|css, nothing that could leave the attribute. */
const assetFile = z.string().regex(/^assets\/[\w~.-]+\.(js|css)$/);

const screenPreloadsSchema = z.object({
  screens: z.array(z.object({ path: z.string(), scripts: z.array(assetFile), styles: z.array(assetFile) })),
});
export type ScreenPreloads = z.infer<typeof screenPreloadsSchema>;

/** The build's list, or none (an older build, or none at all): index.html then goes out without the tags. */
export async function readScreenPreloads(webRoot: string): Promise<ScreenPreloads | null> {
  const text = await readFile(path.join(webRoot, SCREEN_PRELOADS_FILE), 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    const parsed = screenPreloadsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Whether a route pattern of the router ('/leads/:id') matches an address, as react-router matches it. */
export function matchesScreenPath(pattern: string, pathname: string): boolean {
  const wanted = pattern.split('/').filter(Boolean);
  const actual = pathname.split('/').filter(Boolean);
  return wanted.length === actual.length && wanted.every((segment, index) => segment.startsWith(':') || segment === actual[index]);
}

/** The tags for the address's screen: its styles, then its scripts; none for an address of no screen. */
export function preloadTags(preloads: ScreenPreloads | null, pathname: string): string {
  const screen = preloads?.screens.find(({ path: pattern }) => matchesScreenPath(pattern, pathname));
  if (!screen) return '';
  return [
    ...screen.styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...screen.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n    ');
}
