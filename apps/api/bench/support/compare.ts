/** The same-run comparison of the two servers: each call's p95 on the embedded server against `--pg`'s. */
import type { BenchTarget } from './options.js';

/** p95 in milliseconds, by target and then by call name, in the order the calls ran. */
export type P95ByTarget = Map<BenchTarget, Map<string, number>>;

/** Prints one line a call with both p95 and their ratio; nothing unless both servers ran. */
export function printP95Ratios(p95s: P95ByTarget): void {
  const embedded = p95s.get('embedded');
  const postgres = p95s.get('postgres');
  if (!embedded || !postgres) return;
  console.log(`\nMisma ejecución, p95: integrado / --pg`);
  for (const [name, embeddedP95] of embedded) {
    const postgresP95 = postgres.get(name) ?? Number.NaN;
    console.log(
      `  ${name.padEnd(40)} ${embeddedP95.toFixed(1).padStart(7)} ms  ${postgresP95.toFixed(1).padStart(7)} ms  ×${(embeddedP95 / postgresP95).toFixed(2)}`,
    );
  }
}
