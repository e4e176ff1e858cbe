/**
 * A Bloom filter of strings in a fixed 4 MB: 'certainly never added' or 'maybe added'. An import
 * asks it about every row's email and phone keys; only a 'maybe' (a real repetition, or about one
 * key in a million for a 100 MB file) costs a look in the database, and memory stays the same
 * whatever the file's size.
 */
const BITS_LOG2 = 25;
const BIT_MASK = (1 << BITS_LOG2) - 1;
/** Bits set per key: three gives the fewest false 'maybe's for a million keys in 2^25 bits. */
const PROBES = 3;

/** FNV-1a over UTF-16 code units from a given offset basis: two bases give two independent hashes. */
function fnv1a(text: string, basis: number): number {
  let hash = basis;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export class KeyFilter {
  private readonly words = new Uint32Array(1 << (BITS_LOG2 - 5));

  /** Adds the key; answers whether it may have been added before (false: certainly not). */
  addAndTell(key: string): boolean {
    // Double hashing: probe i is h1 + i·h2 (h2 odd, so the probes differ).
    const first = fnv1a(key, 0x811c9dc5);
    const step = fnv1a(key, 0x9747b28c) | 1;
    let present = true;
    for (let probe = 0; probe < PROBES; probe += 1) {
      const bit = (first + probe * step) & BIT_MASK;
      const mask = 1 << (bit & 31);
      const word = this.words[bit >>> 5] ?? 0;
      if ((word & mask) === 0) {
        present = false;
        this.words[bit >>> 5] = word | mask;
      }
    }
    return present;
  }
}
