/// <reference types="node" />
/**
 * Writes `.vite/screen-preloads.json`: for each signed-in address (src/screen-paths.ts), the scripts
 * and styles its first load needs beyond what index.html already names (the signed-in shell's chunk,
 * the page's, and everything they import statically). The server names them in index.html for a
 * visit with a session cookie (apps/api/src/http/web-app.ts), so a phone downloads them alongside the
 * entry instead of after running it (docs/performance.md).
 */
import type { Plugin, Rollup } from 'vite';
import { SCREEN_PATHS, pageModule } from '../src/screen-paths.ts';

export const SCREEN_PRELOADS_FILE = '.vite/screen-preloads.json';

/** The file's shape; the server reads it as it is. */
export interface ScreenPreloads {
  screens: Array<{ path: string; scripts: string[]; styles: string[] }>;
}

type Chunk = Rollup.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** The chunk's file and those it imports statically, in an order where each comes after what it imports. */
export function staticClosure(chunk: Chunk, byFile: Map<string, Chunk>): Chunk[] {
  const ordered: Chunk[] = [];
  const seen = new Set<string>();
  const visit = (current: Chunk) => {
    if (seen.has(current.fileName)) return;
    seen.add(current.fileName);
    for (const imported of current.imports) {
      const next = byFile.get(imported);
      if (next) visit(next);
    }
    ordered.push(current);
  };
  visit(chunk);
  return ordered;
}

export function screenPreloadsPlugin(): Plugin {
  return {
    name: 'crm:screen-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Chunk => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const find = (predicate: (chunk: Chunk) => boolean, what: string): Chunk => {
        const found = chunks.find(predicate);
        if (!found) throw new Error(`screen-preloads: no chunk for ${what}`);
        return found;
      };
      // A page may share its chunk with others (tools/first-load-chunks.ts): the chunk holding its module.
      const bySource = (file: string) => find((chunk) => chunk.moduleIds.some((id) => id.endsWith(`/src/${file}`)), file);
      const inIndexHtml = new Set(
        staticClosure(
          find((chunk) => chunk.isEntry, 'the entry'),
          byFile,
        ).map((chunk) => chunk.fileName),
      );
      const shell = staticClosure(bySource('SignedInApp.tsx'), byFile);
      const screens = SCREEN_PATHS.filter(({ path }) => path !== '*').map(({ path, page }) => {
        const needed = new Map<string, Chunk>();
        for (const chunk of [...shell, ...staticClosure(bySource(pageModule(page)), byFile)]) {
          if (!inIndexHtml.has(chunk.fileName)) needed.set(chunk.fileName, chunk);
        }
        return {
          path,
          scripts: [...needed.keys()],
          styles: [...new Set([...needed.values()].flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))],
        };
      });
      const preloads: ScreenPreloads = { screens };
      this.emitFile({ type: 'asset', fileName: SCREEN_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}
