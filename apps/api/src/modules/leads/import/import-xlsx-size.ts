/**
 * How many data rows a sheet of an .xlsx has, before reading it, for the progress bar: the sheet's
 * `<dimension>` (what Excel writes before the cells), or, when a writer left it out or wrote a
 * single cell, its `<row>`s counted through the same bounded zip and XML reading as the import.
 */
import { positiveInteger, withSheetPart } from './import-xlsx.js';
import { readXmlPart } from './xlsx-xml.js';

/** 'F6' → 6. */
const rowOf = (reference: string | undefined) => positiveInteger(reference?.replace(/^[A-Za-z]+/, ''));

/** Data rows (the header left out) of the sheet. */
export function estimateSheetRows(filePath: string, _fileSize: number, sheet: string | undefined): Promise<number> {
  return withSheetPart(filePath, sheet, async (zip, part) => {
    let rows = 0;
    let measured: number | undefined;
    let inSheetData = false;
    await readXmlPart(
      zip,
      part,
      {
        open(name, attributes) {
          if (name === 'dimension') {
            const [first, last] = (attributes['ref'] ?? '').split(':');
            const top = rowOf(first);
            const bottom = rowOf(last);
            if (top !== undefined && bottom !== undefined) measured = Math.max(0, bottom - top);
          } else if (name === 'sheetData') inSheetData = true;
          else if (name === 'row' && inSheetData) rows += 1;
        },
      },
      () => measured !== undefined,
    );
    return measured ?? Math.max(0, rows - 1);
  });
}
