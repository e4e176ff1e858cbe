/** The seal on WhatsApp's secrets: AES-256-GCM with a key from the environment or a 0600 file made once in DATA_DIR. */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seal, unseal } from './secret-box.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('secret box', () => {
  it('seals differently each time and opens with the same key only', async () => {
    const env = { WHATSAPP_SECRET_KEY: '1'.repeat(64), DATA_DIR: '/nonexistent' };
    const [first, second] = [await seal(env, 'EAAtoken'), await seal(env, 'EAAtoken')];
    expect(first).not.toBe(second);
    expect(first).not.toContain('EAAtoken');
    expect(await unseal(env, first)).toBe('EAAtoken');
    await expect(unseal({ ...env, WHATSAPP_SECRET_KEY: '2'.repeat(64) }, first)).rejects.toThrow();
    const [version, iv, tag, text] = first.split('.');
    const altered = [
      version,
      iv,
      tag,
      Buffer.from('x' + Buffer.from(text ?? '', 'base64url').toString('latin1')).toString('base64url'),
    ].join('.');
    await expect(unseal(env, altered)).rejects.toThrow();
  });

  it('makes a key file readable by its owner only, once, when no key is set', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wa-key-'));
    dirs.push(dir);
    const env = { WHATSAPP_SECRET_KEY: undefined, DATA_DIR: dir };
    const sealed = await seal(env, 'secreto');
    const file = join(dir, 'whatsapp-secret.key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const key = await readFile(file, 'utf8');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    await seal(env, 'otra vez');
    expect(await readFile(file, 'utf8')).toBe(key);
    expect(await unseal(env, sealed)).toBe('secreto');
  });
});
