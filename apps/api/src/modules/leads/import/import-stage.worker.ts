/**
 * The read → check → stage part of an import, in a worker thread (import-stage.ts starts it): parsing
 * a spreadsheet is CPU work, and on the API's own thread it would delay every other user's request.
 * It reads the job's file, checks each data row with the domain, and COPYs the rows into
 * import_job_rows on a connection of its own, committing them a chunk at a time for the publishing
 * transaction (import-publish.ts); it reports the rows read and each chunk as it goes and stops when told.
 * The thread is kept for the next import (jobs/worker-threads.ts): nothing of one job stays in it.
 */
import { type StagedImportRow, openImportRowsCopy } from '@crm/db';
import {
  DomainError,
  type LeadCategory,
  type PhoneCountry,
  cellsOf,
  checkImportRow,
  importCustomValues,
  leadEmailKey,
  leadPhoneKey,
  leadSearchText,
  mapCategoryName,
  normalizePhone,
} from '@crm/domain';
import { lowerThisThreadPriority } from '../../../jobs/background-thread.js';
import { type TaskControl, serveTasks } from '../../../jobs/worker-task.js';
import { csvProblem } from './import-csv.js';
import { chunkRows, type ImportSettings, type StageOutcome, type StageProgress, type StageRequest } from './import-stage.js';
import { readSourceRecords } from './import-source.js';

/** Rows read between two reports to the job. */
const ROWS_PER_REPORT = 2000;

/** A file row as staged: the lead's columns as the domain checks and stores them, or the problem that skips it. */
function rowChecker(settings: ImportSettings, country: PhoneCountry) {
  // A file has a handful of distinct category names: each is mapped once.
  const categories = new Map<string, LeadCategory>();
  const categoryOf = (name: string) => {
    let category = categories.get(name);
    if (!category) {
      category = mapCategoryName(name);
      categories.set(name, category);
    }
    return category;
  };
  const customColumns = settings.customColumns ?? [];
  const spellings = new Map<string, Map<string, string>>();
  return (row: number, cells: string[]): StagedImportRow => {
    const check = checkImportRow(cellsOf(cells, settings.mapping), settings.category);
    if ('problem' in check) return { row, cells, problem: check.problem };
    const custom = importCustomValues(cells, customColumns, spellings);
    if ('problem' in custom) return { row, cells, problem: custom.problem };
    const { lead } = check;
    const phone = normalizePhone(lead.phone, country);
    return {
      row,
      cells,
      lead: {
        name: lead.name,
        email: lead.email,
        phone,
        category: categoryOf(check.categoryName),
        description: lead.description,
        address: lead.address,
        domain: lead.domain,
        emailKey: leadEmailKey(lead.email),
        phoneKey: leadPhoneKey(phone),
        searchText: leadSearchText(lead.name, lead.email),
        customFields: custom.values,
        contact: lead.contactName
          ? {
              name: lead.contactName,
              cargo: lead.contactCargo,
              email: lead.contactEmail,
              phone: normalizePhone(lead.contactPhone, country),
              searchText: leadSearchText(lead.contactName, lead.contactEmail),
            }
          : null,
      },
    };
  };
}

async function stage(request: StageRequest, control: TaskControl<StageProgress>): Promise<StageOutcome> {
  const toStaged = rowChecker(request.settings, request.country);
  const copy = await openImportRowsCopy(request.database, request.jobId);
  let rowsRead = 0;
  let lastRow = 0;
  let chunks = 0;
  let chunkEnd = chunkRows(0);
  try {
    let header = true;
    for await (const { row, cells } of readSourceRecords(request.filePath, request.source)) {
      if (control.stopRequested()) {
        await copy.abort();
        return { type: 'stopped' };
      }
      // A blank line (or one of only delimiters) is no lead and no error; the first other one is the header.
      if (cells.every((cell) => cell.trim() === '')) continue;
      if (header) {
        header = false;
        continue;
      }
      await copy.write(toStaged(row, cells));
      rowsRead += 1;
      lastRow = row;
      if (rowsRead === chunkEnd) {
        await copy.commit();
        control.report({ rowsRead, stagedThrough: lastRow });
        chunks += 1;
        chunkEnd += chunkRows(chunks);
        // Reads on once the publishing has taken this chunk: at most one chunk ahead of it, so the
        // reading spreads over the saving instead of taking a second core from everyone at once.
        await control.progressReached(chunks);
      } else if (rowsRead % ROWS_PER_REPORT === 0) control.report({ rowsRead });
    }
    await copy.end();
    return { type: 'done', rowsRead, stagedThrough: lastRow };
  } catch (error) {
    await copy.abort();
    const problem = csvProblem(error) ?? error;
    if (problem instanceof DomainError) return { type: 'refused', message: problem.message };
    throw error;
  }
}

lowerThisThreadPriority();
serveTasks(stage);
