/** Reading the .xlsx answers of export calls in API tests. */
import ExcelJS from 'exceljs';

/** The cells of the first sheet as text, row by row (row 1: the headers). */
export async function sheetOf(buffer: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  const out: string[][] = [];
  wb.worksheets[0]!.eachRow((row) =>
    out.push(
      Array.from(row.values as unknown[])
        .slice(1)
        .map((v) => (v === null || v === undefined ? '' : String(v))),
    ),
  );
  return out;
}
