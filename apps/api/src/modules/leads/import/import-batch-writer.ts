/**
 * Takes an import's checked rows one by one and hands them to the job's sink in batches while the
 * file is still being read. Each batch carries the rows skipped since the last one (with their
 * cells, for errors.csv); rows repeating an email or phone of an earlier row of the file, or one
 * the database already has, come back from the sink as skipped too.
 */
import type { BulkLeadRow, ExistingLeadMatch, ImportReject } from '@crm/db';
import {
  type ImportedLead,
  type LeadCategory,
  type PhoneCountry,
  leadEmailKey,
  leadPhoneKey,
  mapCategoryName,
  normalizePhone,
} from '@crm/domain';
import type { RepeatedKey } from './import-file-keys.js';

const DUPLICATE_EMAIL_IN_DB = 'duplicado, ya existe un lead con ese email';
const DUPLICATE_PHONE_IN_DB = 'duplicado, ya existe un lead con ese teléfono';
const REPEATED_EMAIL_IN_FILE = 'duplicado en el archivo (email repetido)';
const REPEATED_PHONE_IN_FILE = 'duplicado en el archivo (teléfono repetido)';
/** The first batch is small, so the database starts writing while the rest of the first full batch is read. */
const FIRST_BATCH = 250;

export interface ImportBatch {
  leads: BulkLeadRow[];
  /** The file row of each lead, same order. */
  rows: number[];
  cells: string[][];
  /** Rows skipped while reading since the previous batch. */
  rejects: ImportReject[];
  /** Rows read so far, this batch's included. */
  rowsRead: number;
}

/**
 * Writes one batch in its own transaction; answers how many rows repeated an earlier row of the
 * file, the leads it left out because the database has them, and whether the job was asked to stop.
 */
export type BatchSink = (
  batch: ImportBatch,
) => Promise<{ repeated: number; leftOut: ExistingLeadMatch[]; updated: number; cancelRequested: boolean }>;

interface Candidate {
  row: number;
  cells: string[];
  lead: BulkLeadRow;
}

export class ImportBatchWriter {
  imported = 0;
  updated = 0;
  skipped = 0;
  total = 0;
  cancelRequested = false;
  private batch: Candidate[] = [];
  private rejects: ImportReject[] = [];
  /** Batches handed to the database while the next ones are parsed, oldest first (at most writesInFlight). */
  private readonly inFlight: Promise<void>[] = [];
  /** A file has a handful of distinct category names: map each once. */
  private readonly categories = new Map<string, LeadCategory>();
  private rowsPerBatch: number;

  constructor(
    private readonly sink: BatchSink,
    /**
     * batchSize: rows per batch, one INSERT and one short transaction each; writesInFlight: batches
     * written at once, each on its own connection, while the next is parsed; phoneCountry: the team's country, for E.164.
     */
    private readonly options: {
      groupId: number;
      createdBy: number;
      batchSize: number;
      writesInFlight: number;
      phoneCountry: PhoneCountry;
    },
  ) {
    this.rowsPerBatch = Math.min(FIRST_BATCH, options.batchSize);
  }

  skip(row: number, reason: string, cells: string[]): void {
    this.total += 1;
    this.skipped += 1;
    this.rejects.push({ row, reason, cells });
  }

  async add(row: number, typed: ImportedLead, categoryName: string, cells: string[]): Promise<void> {
    const phone = normalizePhone(typed.phone, this.options.phoneCountry);
    this.total += 1;
    // Field by field: spreading the parsed row (a dictionary-mode object) cost more than reading the file.
    const lead: BulkLeadRow = {
      name: typed.name,
      email: typed.email,
      phone,
      category: this.category(categoryName),
      description: typed.description,
      address: typed.address,
      domain: typed.domain,
      group_id: this.options.groupId,
      created_by: this.options.createdBy,
      email_key: leadEmailKey(typed.email),
      phone_key: leadPhoneKey(phone),
    };
    this.batch.push({ row, cells, lead });
    if (this.batch.length >= this.rowsPerBatch) await this.startWrite();
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
    const rejects = this.rejects;
    this.batch = [];
    this.rejects = [];
    this.rowsPerBatch = this.options.batchSize;
    if (this.inFlight.length >= this.options.writesInFlight) await this.inFlight.shift();
    const write = this.write(batch, rejects, this.total);
    // Handled here so a failure waits for `finish` or a later batch instead of crashing the process.
    write.catch(() => undefined);
    this.inFlight.push(write);
  }

  /** Writes what is left and waits for every write, in order, so the first failure is the one reported. */
  async finish(): Promise<void> {
    await this.startWrite();
    for (let write = this.inFlight.shift(); write; write = this.inFlight.shift()) await write;
  }

  /** After a failure: lets the writes under way end before the job is abandoned. */
  async settle(): Promise<void> {
    await Promise.all(this.inFlight.splice(0).map((write) => write.catch(() => undefined)));
  }

  private async write(batch: readonly Candidate[], rejects: ImportReject[], rowsRead: number): Promise<void> {
    if (batch.length === 0 && rejects.length === 0) return;
    const result = await this.sink({
      leads: batch.map((candidate) => candidate.lead),
      rows: batch.map((candidate) => candidate.row),
      cells: batch.map((candidate) => candidate.cells),
      rejects,
      rowsRead,
    });
    this.imported += batch.length - result.repeated - result.leftOut.length;
    this.updated += result.updated;
    this.skipped += result.repeated + result.leftOut.length - result.updated;
    if (result.cancelRequested) this.cancelRequested = true;
  }
}

/** A database duplicate as errors.csv and the row errors word it. */
export function duplicateReason(matched: ExistingLeadMatch['matched']): string {
  return matched === 'email' ? DUPLICATE_EMAIL_IN_DB : DUPLICATE_PHONE_IN_DB;
}

/** A repetition of an earlier row of the file, worded the same way. */
export function repeatReason(repeated: RepeatedKey): string {
  return repeated === 'email' ? REPEATED_EMAIL_IN_FILE : REPEATED_PHONE_IN_FILE;
}
