import { describe, expect, it, vi } from 'vitest';
import { type ChunkLoadEnv, ChunkLoadError, loadChunk } from './chunk-load';

function testEnv(options: { gone?: boolean; reloadedAt?: number; now?: number } = {}) {
  const stored = new Map<string, string>();
  if (options.reloadedAt !== undefined) stored.set('crm:chunk-reload-at', String(options.reloadedAt));
  const env: ChunkLoadEnv = {
    wait: vi.fn(() => Promise.resolve()),
    isGone: vi.fn(() => Promise.resolve(options.gone ?? false)),
    storage: { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => void stored.set(key, value) },
    now: () => options.now ?? 1_000_000,
    reload: vi.fn(),
  };
  return { env, stored };
}

const screen = { default: 'Pantalla' };
const networkError = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/Leads.page-abc.js');

describe('loadChunk', () => {
  it('loads a file at the first try without waiting', async () => {
    const { env } = testEnv();
    await expect(loadChunk(() => Promise.resolve(screen), env)).resolves.toBe(screen);
    expect(env.wait).not.toHaveBeenCalled();
  });

  it('retries a network failure after a pause and loads the file once the network is back', async () => {
    const { env } = testEnv();
    const load = vi.fn().mockRejectedValueOnce(networkError()).mockRejectedValueOnce(networkError()).mockResolvedValue(screen);
    await expect(loadChunk(load, env)).resolves.toBe(screen);
    expect(load).toHaveBeenCalledTimes(3);
    expect(env.wait).toHaveBeenCalledTimes(2);
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('gives up after three tries with a ChunkLoadError carrying the cause, without reloading', async () => {
    const { env } = testEnv();
    const cause = networkError();
    const load = vi.fn().mockRejectedValue(cause);
    const failure = await loadChunk(load, env).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChunkLoadError);
    expect((failure as ChunkLoadError).message).toBe('No se pudo cargar esta pantalla');
    expect((failure as ChunkLoadError).cause).toBe(cause);
    expect(load).toHaveBeenCalledTimes(3);
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('reloads the page once when a deploy removed the file, and remembers when', async () => {
    const { env, stored } = testEnv({ gone: true, now: 5_000_000 });
    const load = vi.fn().mockRejectedValue(networkError());
    const pending = loadChunk(load, env);
    await vi.waitFor(() => expect(env.reload).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(1);
    expect(stored.get('crm:chunk-reload-at')).toBe('5000000');
    // The page is going away: the load neither resolves nor fails meanwhile.
    const settled = await Promise.race([
      pending.then(
        () => 'settled',
        () => 'settled',
      ),
      Promise.resolve('pending'),
    ]);
    expect(settled).toBe('pending');
  });

  it('does not reload again within a minute of the last reload: the error goes to the screen instead', async () => {
    const { env } = testEnv({ gone: true, reloadedAt: 1_000_000 - 30_000 });
    await expect(loadChunk(() => Promise.reject(networkError()), env)).rejects.toBeInstanceOf(ChunkLoadError);
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('reloads again for a later deploy, once the last reload is over a minute old', async () => {
    const { env } = testEnv({ gone: true, reloadedAt: 1_000_000 - 61_000 });
    void loadChunk(() => Promise.reject(networkError()), env);
    await vi.waitFor(() => expect(env.reload).toHaveBeenCalledTimes(1));
  });
});
