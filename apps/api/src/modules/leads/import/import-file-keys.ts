/**
 * Which rows of an import repeat the email or phone of an earlier row of the same file (the first
 * one wins; a row is a repetition by its email first, then by its phone), in memory that does not
 * grow with the file: a Bloom filter of the keys of the rows read, and for the few keys it cannot
 * rule out, the database (the staged group's leads and the job's remembered keys) and the batches
 * still under way.
 * - screen: as each batch is formed, in file order and outside any transaction, the filter picks
 *   the keys that may have been seen and takes the batch's own keys. A repeating row's keys go in
 *   too: a later row sharing one only costs a look, which tells the truth.
 * - findRepeats, inside the batch's transaction: the database answers for every batch that had
 *   committed before this one began; the batches that may still be under way (up to
 *   `batchesAtOnce - 1` before it, as the writer starts a batch only once the one that many places
 *   earlier has committed) tell the keys they took, from memory, as soon as they know them. The
 *   batch's rows are then checked in order, and it tells the batches after it the keys it took.
 */
import { type DbOrTrx, findImportKeysSeen } from '@crm/db';
import { KeyFilter } from './import-key-filter.js';

interface KeyedRow {
  email_key: string | null;
  phone_key: string | null;
}

export type RepeatedKey = 'email' | 'phone';

/** A batch's place among the batches under way: its keys that an earlier row may have had, and what the batches before it took. */
export interface KeysTurn {
  emails: string[];
  phones: string[];
  /** The keys taken by the batches before it that may still be under way. */
  earlierBatches: Promise<ReadonlySet<string>>[];
  /** Tells the batches after it which keys it took; the first call counts (a failed batch tells none). */
  took(keys: ReadonlySet<string>): void;
}

const NONE: ReadonlySet<string> = new Set();

export class ImportFileKeys {
  private readonly filter = new KeyFilter();
  /** What the latest batches took, oldest first, at most batchesAtOnce - 1 of them. */
  private latest: Promise<ReadonlySet<string>>[] = [];

  constructor(
    private readonly job: { jobId: number; groupId: number },
    private readonly batchesAtOnce: number,
  ) {}

  /** In file order, as the batch is handed to the database. */
  screen(rows: readonly KeyedRow[]): KeysTurn {
    const emails: string[] = [];
    const phones: string[] = [];
    for (const row of rows) {
      if (row.email_key !== null && this.filter.addAndTell(row.email_key)) emails.push(row.email_key);
      if (row.phone_key !== null && this.filter.addAndTell(row.phone_key)) phones.push(row.phone_key);
    }
    const earlierBatches = this.latest;
    let took: (keys: ReadonlySet<string>) => void = () => undefined;
    const taken = new Promise<ReadonlySet<string>>((resolve) => (took = resolve));
    this.latest = [...earlierBatches, taken].slice(Math.max(0, earlierBatches.length + 1 - (this.batchesAtOnce - 1)));
    return { emails, phones, earlierBatches, took };
  }

  /** The index of each row of the batch repeating an earlier row's key, and which key; then tells the later batches what this one took. */
  async findRepeats(trx: DbOrTrx, rows: readonly KeyedRow[], turn: KeysTurn): Promise<Map<number, RepeatedKey>> {
    const [inDatabase, ...underWay] = await Promise.all([findImportKeysSeen(trx, this.job, turn), ...turn.earlierBatches]);
    const earlier = new Set(inDatabase);
    for (const key of [...turn.emails, ...turn.phones]) if (underWay.some((taken) => taken.has(key))) earlier.add(key);
    const taken = new Set<string>();
    const seen = (key: string | null) => key !== null && (taken.has(key) || earlier.has(key));
    const repeats = new Map<number, RepeatedKey>();
    rows.forEach((row, index) => {
      if (seen(row.email_key)) repeats.set(index, 'email');
      else if (seen(row.phone_key)) repeats.set(index, 'phone');
      else {
        if (row.email_key !== null) taken.add(row.email_key);
        if (row.phone_key !== null) taken.add(row.phone_key);
      }
    });
    turn.took(taken);
    return repeats;
  }

  /** For a batch that failed before it knew its keys: the batches after it go on (the job fails anyway). */
  static giveUp(turn: KeysTurn): void {
    turn.took(NONE);
  }
}
