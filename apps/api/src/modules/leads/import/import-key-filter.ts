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

  add(key: string): void {
    for (const bit of this.bits(key)) this.words[bit >>> 5] = (this.words[bit >>> 5] ?? 0) | (1 << (bit & 31));
  }

  mayHave(key: string): boolean {
    for (const bit of this.bits(key)) if (((this.words[bit >>> 5] ?? 0) & (1 << (bit & 31))) === 0) return false;
    return true;
  }

  /** Double hashing: probe i is h1 + i·h2 (h2 odd, so the probes differ). */
  private bits(key: string): number[] {
    const first = fnv1a(key, 0x811c9dc5);
    const step = fnv1a(key, 0x9747b28c) | 1;
    return Array.from({ length: PROBES }, (_, probe) => (first + probe * step) & BIT_MASK);
  }
}
