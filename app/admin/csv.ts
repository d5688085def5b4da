/**
 * CSV for Polish Excel: UTF-8 with a BOM (so Excel reads it as UTF-8), ";" between cells, CRLF
 * line ends. A cell that a spreadsheet would read as a formula (= + - @, or a leading tab/CR) gets
 * a leading apostrophe, so a customer's name like "=HYPERLINK(...)" stays text.
 *
 * A cell holding a quote, a line break or a separator is quoted, its quotes doubled (RFC 4180).
 * Programs that guess the separator (Excel outside Poland, LibreOffice, Google Sheets) may take
 * "," or a tab instead of ";", so those count as separators too: "Jan Kowalski,=2+5" stays one
 * cell everywhere instead of splitting off a "=2+5" that would run as a formula.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[";,\t\r\n]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value == null ? "" : String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return "\uFEFF" + rows.map((row) => row.map(csvCell).join(";")).join("\r\n") + "\r\n";
}
