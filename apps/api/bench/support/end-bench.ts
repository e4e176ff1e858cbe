/**
 * Ends a benchmark once its figures are printed. Closing a PGlite instance leaves its WASM
 * runtime's timers behind (the statistics timer re-arms itself every 10 s), so a benchmark that
 * opened one in this process would never exit on its own. A benchmark that fails throws before
 * this and exits with an error.
 */
export function endBench(): never {
  process.exit(0);
}
