/**
 * Which rows of an import repeat the email or phone of an earlier row of the same file (the first
 * one wins; a row is a repetition by its email first, then by its phone), in memory that does not
 * grow with the file: a Bloom filter of the keys of the rows read, and for the few keys it cannot
 * rule out, the database (the staged group's leads and the job's remembered keys).
 * - screen: as each batch is formed, in file order and outside any transaction, the filter picks
 *   the keys that may have been seen and takes the batch's own keys. A repeating row's keys go in
 *   too: a later row sharing one only costs a look in the database, which tells the truth.
 * - findRepeats: inside the batch's transaction (batches in file order, so every earlier batch is
 *   visible), the database answers for those keys, and the batch's rows are checked in order.
 */
import { type DbOrTrx, findImportKeysSeen } from '@crm/db';
import { KeyFilter } from './import-key-filter.js';

interface KeyedRow {
  email_key: string | null;
  phone_key: string | null;
}

export type RepeatedKey = 'email' | 'phone';

/** The keys of a batch that an earlier row (of an earlier batch, or of this one) may have had. */
export interface ScreenedKeys {
  emails: string[];
  phones: string[];
}

export class ImportFileKeys {
  private readonly filter = new KeyFilter();

  constructor(private readonly job: { jobId: number; groupId: number }) {}

  screen(rows: readonly KeyedRow[]): ScreenedKeys {
    const screened: ScreenedKeys = { emails: [], phones: [] };
    for (const row of rows) {
      if (row.email_key !== null && this.filter.addAndTell(row.email_key)) screened.emails.push(row.email_key);
      if (row.phone_key !== null && this.filter.addAndTell(row.phone_key)) screened.phones.push(row.phone_key);
    }
    return screened;
  }

  /** The index of each row of the batch repeating an earlier row's key, and which key. */
  async findRepeats(trx: DbOrTrx, rows: readonly KeyedRow[], screened: ScreenedKeys): Promise<Map<number, RepeatedKey>> {
    const earlier = await findImportKeysSeen(trx, this.job, screened);
    const inBatch = new Set<string>();
    const seen = (key: string | null) => key !== null && (inBatch.has(key) || earlier.has(key));
    const repeats = new Map<number, RepeatedKey>();
    rows.forEach((row, index) => {
      if (seen(row.email_key)) repeats.set(index, 'email');
      else if (seen(row.phone_key)) repeats.set(index, 'phone');
      else {
        if (row.email_key !== null) inBatch.add(row.email_key);
        if (row.phone_key !== null) inBatch.add(row.phone_key);
      }
    });
    return repeats;
  }
}
