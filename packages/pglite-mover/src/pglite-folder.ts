/** The old data folder on disk: whether it holds a PGlite cluster, who uses it, and setting it aside once moved. */
import { access, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the PGlite versions of the product kept the database: `DATA_DIR/pglite`. */
export const PGLITE_FOLDER = 'pglite';

/** The PGlite versions' mark of a server using the folder: its pid (packages/db, claimPgliteFolder). */
const IN_USE_FILE = 'en-uso.pid';

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

export type FolderState = 'absent' | 'not-a-cluster' | 'cluster';

export async function folderState(folder: string): Promise<FolderState> {
  if (!(await exists(folder))) return 'absent';
  return (await exists(path.join(folder, 'PG_VERSION'))) ? 'cluster' : 'not-a-cluster';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Marks the folder as ours while we read it, as the PGlite versions did, so a server of such a
 * version started meanwhile refuses it: PGlite's files must never be opened by two processes.
 * Returns the release.
 */
export async function claimFolder(folder: string): Promise<() => Promise<void>> {
  const file = path.join(folder, IN_USE_FILE);
  const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
  // A process killed before it could remove its file leaves it behind: a dead (or our own) pid is stale.
  if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
    throw new Error(`otro proceso (pid ${owner}) está usando la base PGlite; detén ese servidor antes de arrancar esta versión`);
  }
  await writeFile(file, String(process.pid));
  return () => rm(file, { force: true });
}

/** `pglite.migrated-20261127T1103Z` beside it: kept, never deleted, for whoever wants to check the move. */
export async function setAside(folder: string, now: Date): Promise<string> {
  const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, '');
  const movedTo = `${folder}.migrated-${stamp}Z`;
  await rename(folder, movedTo);
  return movedTo;
}
