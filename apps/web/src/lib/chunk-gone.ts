/**
 * Tells a deploy from a network failure when a chunk did not load. Chromium and Firefox name the
 * file in the error: it is gone when the server answers 404 for it. Safari names nothing: then the
 * app is outdated when the index.html served now loads another entry script than this page did.
 */
const NAMED_FILE = /https?:\/\/\S+?\.js\b/;

async function answers404(url: string): Promise<boolean> {
  const response = await fetch(url, { method: 'HEAD', cache: 'no-store' });
  return response.status === 404;
}

async function entryChanged(): Promise<boolean> {
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  if (!entry) return false;
  const response = await fetch('/', { cache: 'no-store' });
  if (!response.ok) return false;
  return !(await response.text()).includes(new URL(entry.src).pathname);
}

export async function isChunkGone(error: unknown): Promise<boolean> {
  const named = error instanceof Error ? NAMED_FILE.exec(error.message)?.[0] : undefined;
  try {
    return named ? await answers404(named) : await entryChanged();
  } catch {
    // The check itself could not reach the server: the network is down, not the file gone.
    return false;
  }
}
