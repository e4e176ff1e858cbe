/**
 * Takes an import's checked rows one by one: skips those repeating an email or phone of the
 * file, and writes the rest in batches (one INSERT each) while the file is still being read;
 * rows whose email or phone the database already has become row errors.
 */
import { type BulkLeadRow, type DbOrTrx, insertFreshLeads } from '@crm/db';
import { type ImportedLead, type LeadCategory, leadEmailKey, leadPhoneKey, mapCategoryName } from '@crm/domain';

/** Rows per INSERT (one statement of twelve array parameters, whatever the size). */
const BATCH_SIZE = 2000;
/** Batches written (or queued on the connection) while the next is parsed. */
const MAX_WRITES_IN_FLIGHT = 2;
/** The answer lists this many row errors, then how many more there were. */
const MAX_ERROR_LINES = 100;

interface RowError {
  row: number;
  message: string;
}

interface Candidate {
  row: number;
  lead: BulkLeadRow;
}

export class ImportBatchWriter {
  readonly errors: RowError[] = [];
  imported = 0;
  total = 0;
  private readonly seenEmails = new Set<string>();
  private readonly seenPhones = new Set<string>();
  private batch: Candidate[] = [];
  /**
   * Batches handed to the database while the next ones are parsed, oldest first. Two, so the
   * connection has the next statement queued the moment one ends, instead of waiting for the
   * parser to give the event loop back.
   */
  private readonly inFlight: Promise<void>[] = [];
  /** A file has a handful of distinct category names: map each once. */
  private readonly categories = new Map<string, LeadCategory>();

  constructor(
    private readonly trx: DbOrTrx,
    private readonly groupId: number,
    private readonly createdBy: number,
  ) {}

  skip(row: number, message: string): void {
    this.total += 1;
    this.errors.push({ row, message });
  }

  async add(row: number, lead: ImportedLead, categoryName: string): Promise<void> {
    const emailKey = leadEmailKey(lead.email);
    const phoneKey = leadPhoneKey(lead.phone);
    if (emailKey && this.seenEmails.has(emailKey)) return this.skip(row, 'duplicado en el archivo (email repetido)');
    if (phoneKey && this.seenPhones.has(phoneKey)) return this.skip(row, 'duplicado en el archivo (teléfono repetido)');
    this.total += 1;
    if (emailKey) this.seenEmails.add(emailKey);
    if (phoneKey) this.seenPhones.add(phoneKey);
    this.batch.push({
      row,
      lead: {
        ...lead,
        category: this.category(categoryName),
        group_id: this.groupId,
        created_by: this.createdBy,
        email_key: emailKey,
        phone_key: phoneKey,
      },
    });
    if (this.batch.length >= BATCH_SIZE) await this.startWrite();
  }

  private category(raw: string): LeadCategory {
    let category = this.categories.get(raw);
    if (!category) {
      category = mapCategoryName(raw);
      this.categories.set(raw, category);
    }
    return category;
  }

  /** Starts writing this batch and returns, so parsing goes on meanwhile; first waits for the oldest write when two are under way. */
  private async startWrite(): Promise<void> {
    const batch = this.batch;
    this.batch = [];
    if (this.inFlight.length >= MAX_WRITES_IN_FLIGHT) await this.inFlight.shift();
    const write = this.write(batch);
    // Handled here so a failure waits for `finish` or a later batch instead of crashing the process.
    write.catch(() => undefined);
    this.inFlight.push(write);
  }

  /** Writes what is left and waits for every write, in order, so the first failure is the one reported. */
  async finish(): Promise<void> {
    await this.startWrite();
    for (let write = this.inFlight.shift(); write; write = this.inFlight.shift()) await write;
  }

  /** After a failure: lets the writes under way end before the transaction rolls back. */
  async settle(): Promise<void> {
    await Promise.all(this.inFlight.splice(0).map((write) => write.catch(() => undefined)));
  }

  /** Inserts the batch's leads the database does not have yet; the others become row errors. */
  private async write(batch: readonly Candidate[]): Promise<void> {
    if (batch.length === 0) return;
    const leftOut = await insertFreshLeads(
      this.trx,
      batch.map((candidate) => candidate.lead),
    );
    for (const { index, matched } of leftOut) {
      const row = batch[index]?.row ?? 0;
      this.errors.push({
        row,
        message: matched === 'email' ? 'duplicado, ya existe un lead con ese email' : 'duplicado, ya existe un lead con ese teléfono',
      });
    }
    this.imported += batch.length - leftOut.length;
  }

  errorLines(): string[] {
    const sorted = [...this.errors].sort((a, b) => a.row - b.row);
    const lines = sorted.slice(0, MAX_ERROR_LINES).map((error) => `Fila ${error.row}: ${error.message}`);
    if (sorted.length > MAX_ERROR_LINES) lines.push(`… y ${sorted.length - MAX_ERROR_LINES} errores más`);
    return lines;
  }
}
