/**
 * How a test starts one of the API's programs (src/main.ts, a script) in a process of its own: the
 * compiled file in `dist` when the build is at least as new as every source file (`pnpm test` builds
 * the API first), else the source through tsx, so a test never runs code older than the source. A
 * start from the build costs about half the CPU of one through tsx, and the suite starts dozens.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const SOURCES = path.join(API_DIR, 'src');
/** Test helpers, which the build leaves out (tsconfig.build.json). */
const NOT_BUILT = path.join(SOURCES, 'test');

/** The newest modification time of the sources the build compiles. */
function newestSourceTime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = full === NOT_BUILT ? newest : Math.max(newest, newestSourceTime(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

function builtTime(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Node's arguments that run `sourceFile` (relative to apps/api, e.g. 'src/main.ts'), from the build when it is fresh. */
export function nodeEntry(sourceFile: string): string[] {
  const built = path.join(API_DIR, 'dist', path.relative('src', sourceFile).replace(/\.ts$/, '.js'));
  return builtTime(built) >= newestSourceTime(SOURCES) ? [built] : ['--import', 'tsx', sourceFile];
}
