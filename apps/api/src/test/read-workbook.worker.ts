/**
 * Reads a workbook's first sheet to its end in a thread of its own, for import-xlsx-hostile.test.ts:
 * the test caps this thread's heap as the import's thread is capped, so a reader that kept more than
 * its bounds dies of it here rather than passing or failing by when the test process last collected
 * its garbage. Posts the rows read, or the Spanish refusal.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readSheetRecords } from '../modules/leads/import/import-xlsx.js';

let rows = 0;
try {
  for await (const _record of readSheetRecords(workerData as string, undefined)) rows += 1;
  parentPort?.postMessage({ rows });
} catch (error) {
  parentPort?.postMessage({ refused: error instanceof Error ? error.message : String(error) });
}
