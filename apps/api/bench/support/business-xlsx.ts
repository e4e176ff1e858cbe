/** The same business rows as the CSV, as an Excel workbook (written streaming, as a large export would be). */
import ExcelJS from 'exceljs';
import { BUSINESS_COLUMNS, businessFields } from './business-csv.js';

export async function writeBusinessXlsx(filePath: string, rows: number): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: filePath, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Empresas');
  sheet.addRow([...BUSINESS_COLUMNS]).commit();
  for (let index = 0; index < rows; index += 1) {
    const row = businessFields(index);
    sheet.addRow(BUSINESS_COLUMNS.map((column) => row[column])).commit();
  }
  sheet.commit();
  await workbook.commit();
}
