/** A seeded random source, so the same seed gives the same demo data on every run. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** Picks a key with probability proportional to its weight. */
  weighted<K extends string>(weights: Record<K, number>): K;
}

/** mulberry32: tiny, fast and good enough for fake data. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (probability) => next() < probability,
    weighted: (weights) => {
      const entries = Object.entries(weights) as [keyof typeof weights, number][];
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [key, weight] of entries) {
        roll -= weight;
        if (roll < 0) return key;
      }
      return entries[entries.length - 1]![0];
    },
  };
}

export const DAY_MS = 86_400_000;

/** A moment `days` (fractional) before `now`. */
export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/**
 * `date` plus `days`; when that would pass `limit`, a random moment between the two instead,
 * so recent events spread out rather than piling up at `limit`.
 */
export function addDaysBefore(random: Random, date: Date, days: number, limit: Date): Date {
  const target = date.getTime() + days * DAY_MS;
  if (target <= limit.getTime()) return new Date(target);
  return new Date(date.getTime() + random.next() * Math.max(0, limit.getTime() - date.getTime()));
}

/** Splits a list into chunks, so one INSERT stays well under PostgreSQL's parameter limit. */
export function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}
