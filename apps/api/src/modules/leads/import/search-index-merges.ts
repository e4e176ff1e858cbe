/**
 * When an import's rows leave the search indexes' pending lists (PostgreSQL; see
 * inLeadImportTransaction): after every MERGE_EVERY_ROWS rows written, and once when the job
 * ends. One merge at a time, never awaited by the import: it runs on another connection while the
 * next batches are written. A merge of many batches' rows touches each trigram's posting tree once
 * where per-batch merges touched it again and again. Searches read the pending list too, so rows
 * waiting there are found; up to 20,000 of them cost a search a few milliseconds.
 */
import { type Db, mergePendingSearchEntries } from '@crm/db';

const MERGE_EVERY_ROWS = 20_000;

export class SearchIndexMerges {
  private pendingRows = 0;
  private ended = false;
  private running = false;

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Rows whose search keys were just written (inserted or updated leads). */
  written(rows: number): void {
    this.pendingRows += rows;
    this.mergeIfDue();
  }

  /** The job ended (published, cancelled or failed): whatever is pending is merged. */
  finished(): void {
    this.ended = true;
    this.mergeIfDue();
  }

  /** A merge asked for while one runs starts when that one ends. */
  private mergeIfDue(): void {
    const due = this.pendingRows >= MERGE_EVERY_ROWS || (this.ended && this.pendingRows > 0);
    if (!due || this.running) return;
    this.running = true;
    this.pendingRows = 0;
    void mergePendingSearchEntries(this.db)
      .catch(this.onError)
      .finally(() => {
        this.running = false;
        this.mergeIfDue();
      });
  }
}
