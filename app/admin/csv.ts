/**
 * CSV for Polish Excel: UTF-8 with a BOM (so Excel reads it as UTF-8), ";" between cells, CRLF
 * line ends. A cell that a spreadsheet would read as a formula (= + - @, or a leading tab/CR) gets
 * a leading apostrophe, so a customer's name like "=HYPERLINK(...)" stays text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value == null ? "" : String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return "\uFEFF" + rows.map((row) => row.map(csvCell).join(";")).join("\r\n") + "\r\n";
}
