/// <reference types="node" />
/**
 * Two chunks for what a phone's first load runs, instead of the dozens of small shared chunks that
 * automatic splitting makes of Mantine's components, the icons and our own modules (docs/performance.md):
 * - `app`: what the entry imports statically (the login screen's first load);
 * - `signed-in`: what the signed-in shell and the dashboard's and leads list's pages import
 *   statically beyond that. Every signed-in screen loads the shell anyway.
 * Lighthouse's slow 4G over HTTP/1.1 pays a round trip per file on 6 connections: 80 files cost seconds.
 *
 * Which modules those are comes from a first, automatically split build (nothing written): its chunks
 * hold only the modules each load uses, where the module graph would also follow Mantine's and the
 * icons' barrels to every component. Each set is closed under what its modules use (`app` needs
 * nothing else, `signed-in` only `app`), so no chunk imports one that imports it back, and modules
 * keep their order.
 */
import { build, type InlineConfig, type Rolldown } from 'vite';
import { staticClosure } from './screen-preloads-plugin.ts';

type CodeSplittingOptions = Exclude<NonNullable<Rolldown.OutputOptions['codeSplitting']>, boolean>;

/** The first screens of issue 25's Lighthouse budget, with the shell around them. */
const SIGNED_IN_SOURCES = ['SignedInApp.tsx', 'pages/Dashboard.page.tsx', 'pages/Leads.page.tsx'];

/** The modules of the `app` and `signed-in` groups, from an automatically split build of the same config. */
async function firstLoadModules(config: InlineConfig): Promise<{ app: Set<string>; signedIn: Set<string> }> {
  const output = await build({
    ...config,
    configFile: false,
    logLevel: 'silent',
    build: { ...config.build, write: false, manifest: false },
  });
  const chunks = (Array.isArray(output) ? output : [output])
    .flatMap((result) => ('output' in result ? result.output : []))
    .filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const holding = (source: string) => {
    const found = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(`/src/${source}`)));
    if (!found) throw new Error(`first-load-chunks: no chunk holds ${source}`);
    return found;
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('first-load-chunks: no entry chunk');
  const appChunks = new Set(staticClosure(entry, byFile));
  appChunks.delete(entry);
  const roots = SIGNED_IN_SOURCES.map(holding);
  const signedInChunks = [...new Set(roots.flatMap((root) => staticClosure(root, byFile)))].filter(
    (chunk) => chunk !== entry && !appChunks.has(chunk),
  );
  // The entry, the shell's and the pages' own modules keep chunks of their own, named in the manifest
  // (src/first-load-budget.test.ts) and imported as before; what they import moves into the groups.
  const own = new Set(roots.map((chunk) => chunk.facadeModuleId));
  const app = new Set([...appChunks].flatMap((chunk) => chunk.moduleIds));
  const signedIn = new Set(signedInChunks.flatMap((chunk) => chunk.moduleIds).filter((id) => !own.has(id)));
  return { app, signedIn };
}

/** `output.codeSplitting` for a build of this config (its plugins and root, without this option). */
export async function firstLoadChunks(config: InlineConfig): Promise<CodeSplittingOptions> {
  const { app, signedIn } = await firstLoadModules(config);
  return {
    // The sets are already closed under what their modules use; following the module graph instead
    // would pull in every component a barrel re-exports.
    includeDependenciesRecursively: false,
    groups: [
      { name: 'app', test: (id) => app.has(id) },
      { name: 'signed-in', test: (id) => signedIn.has(id) },
    ],
  };
}
