/**
 * Where uploads wait while they are imported: one folder of their own under the system's temp
 * directory. A process killed mid-import leaves its file behind; each start removes files old
 * enough that no import can still be reading them. Age, not owner, decides, because replicas
 * (or several servers on one machine) share the folder and one must never delete another's
 * file in use.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Far beyond the longest import: an upload is written within the request (capped by the server's
 * timeouts), and reading a 10 MB file takes seconds. The file's mtime is its last byte written.
 */
export const STALE_IMPORT_FILE_MS = 6 * 60 * 60 * 1000;

export function importTempDir(): string {
  return path.join(os.tmpdir(), 'crm-imports');
}

/** A fresh path in the folder (created if missing). */
export async function newImportTempPath(): Promise<string> {
  await mkdir(importTempDir(), { recursive: true });
  return path.join(importTempDir(), `${randomUUID()}.csv`);
}

/** Removes the files older than STALE_IMPORT_FILE_MS; answers how many went. */
export async function sweepStaleImportFiles(now: number = Date.now()): Promise<number> {
  const names = await readdir(importTempDir()).catch(() => []);
  let removed = 0;
  for (const name of names) {
    const file = path.join(importTempDir(), name);
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile() && now - info.mtimeMs > STALE_IMPORT_FILE_MS) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
