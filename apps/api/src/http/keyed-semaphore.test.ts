import { describe, expect, it } from 'vitest';
import { KeyedSemaphore } from './keyed-semaphore.js';

describe('KeyedSemaphore', () => {
  it('lets `limit` holders per key in and the next one in when a holder releases, in order', async () => {
    const gate = new KeyedSemaphore(2, 10);
    const first = await gate.acquire('a');
    await gate.acquire('a');
    const order: number[] = [];
    const third = gate.acquire('a').then((release) => (order.push(3), release));
    const fourth = gate.acquire('a').then((release) => (order.push(4), release));
    expect(await gate.acquire('b')).toBeTypeOf('function');
    await Promise.resolve();
    expect(order).toEqual([]);
    first?.();
    first?.(); // a second call of the same release frees nothing more
    await third;
    expect(order).toEqual([3]);
    expect(gate.activeFor('a')).toBe(2);
    (await third)?.();
    await fourth;
    expect(order).toEqual([3, 4]);
  });

  it('answers undefined at once when too many already wait, and forgets a key nobody holds', async () => {
    const gate = new KeyedSemaphore(1, 1);
    const holder = await gate.acquire('a');
    const waiting = gate.acquire('a');
    expect(await gate.acquire('a')).toBeUndefined();
    holder?.();
    (await waiting)?.();
    expect(gate.activeFor('a')).toBe(0);
  });
});
