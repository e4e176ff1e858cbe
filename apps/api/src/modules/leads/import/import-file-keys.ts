/**
 * Which rows of an import repeat the email or phone of an earlier row of the same file (the first
 * one wins; a row is a repetition by its email first, then by its phone), in memory that does not
 * grow with the file: a Bloom filter of the keys of the rows let through, and for the few keys it
 * cannot rule out, the database (the staged group's leads and the job's remembered keys). Called
 * inside each batch's transaction, batches in file order, so every earlier batch is visible.
 */
import { type DbOrTrx, findImportKeysSeen } from '@crm/db';
import { KeyFilter } from './import-key-filter.js';

interface KeyedRow {
  email_key: string | null;
  phone_key: string | null;
}

export type RepeatedKey = 'email' | 'phone';

export class ImportFileKeys {
  private readonly filter = new KeyFilter();

  constructor(private readonly job: { jobId: number; groupId: number }) {}

  /** The index of each row of the batch repeating an earlier row's key, and which key. */
  async findRepeats(trx: DbOrTrx, rows: readonly KeyedRow[]): Promise<Map<number, RepeatedKey>> {
    const maybeSeen = (key: string | null): key is string => key !== null && this.filter.mayHave(key);
    const earlier = await findImportKeysSeen(trx, this.job, {
      emails: rows.map((row) => row.email_key).filter(maybeSeen),
      phones: rows.map((row) => row.phone_key).filter(maybeSeen),
    });
    const inBatch = new Set<string>();
    const seen = (key: string | null) => key !== null && (inBatch.has(key) || earlier.has(key));
    const repeats = new Map<number, RepeatedKey>();
    rows.forEach((row, index) => {
      if (seen(row.email_key)) repeats.set(index, 'email');
      else if (seen(row.phone_key)) repeats.set(index, 'phone');
      else {
        for (const key of [row.email_key, row.phone_key]) {
          if (key === null) continue;
          inBatch.add(key);
          this.filter.add(key);
        }
      }
    });
    return repeats;
  }
}
