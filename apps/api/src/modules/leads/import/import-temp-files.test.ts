import { readdir, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STALE_IMPORT_FILE_MS, importTempDir, newImportTempPath, sweepStaleImportFiles } from './import-temp-files.js';

describe('import temp files', () => {
  it('removes at start-up the files a killed import left, never one an import may still be reading', async () => {
    const left = await newImportTempPath();
    const inUse = await newImportTempPath();
    await writeFile(left, 'name,categoryName\nA,retail\n');
    await writeFile(inUse, 'name,categoryName\nB,retail\n');
    const now = Date.now();
    const old = new Date(now - STALE_IMPORT_FILE_MS - 60_000);
    await utimes(left, old, old);
    // Just under the limit: another replica's import could still be reading it.
    const recent = new Date(now - STALE_IMPORT_FILE_MS + 60_000);
    await utimes(inUse, recent, recent);

    expect(await sweepStaleImportFiles(now)).toBeGreaterThanOrEqual(1);
    const names = await readdir(importTempDir());
    expect(names).not.toContain(path.basename(left));
    expect(names).toContain(path.basename(inUse));
    await rm(inUse, { force: true });
  });
});
