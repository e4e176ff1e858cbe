/** Import job helpers for tests: following a job as the screen does. */
import { expect } from 'vitest';
import type { ApiClient } from './harness.js';

/** Waits for the job to end, reading its state as the screen does (a failed test rather than a hang after `timeoutMs`). */
export async function waitForJob(client: ApiClient, id: number, timeoutMs = 30_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`la importación ${id} no terminó en ${timeoutMs / 1000} s`);
    const response = await client.get(`/api/import-jobs/${id}`);
    expect(response.status).toBe(200);
    if (!['uploaded', 'running'].includes(response.body.status)) return response.body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
