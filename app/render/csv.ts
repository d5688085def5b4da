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

/**
 * A value a spreadsheet must keep as typed (a phone "0048…", a tracking number of digits it
 * would turn into 1,23E+11). Written as the formula ="…", which Excel, LibreOffice and Google
 * Sheets show as the bare text, with no apostrophe. Only letters, digits, spaces and + ( ) - . /
 * go this way, so nothing typed can close the quotes; anything else is an ordinary, guarded cell.
 */
export type CsvText = { text: string };
const KEPT_AS_TEXT = /^[\p{L}\p{N} +()\-./]+$/u;

export function csvText(value: string | null): CsvText | null {
  return value === null ? null : { text: value };
}

type Cell = string | number | null | undefined | CsvText;

function cellOf(value: Cell): string {
  if (value !== null && typeof value === "object") return KEPT_AS_TEXT.test(value.text) ? `"=""${value.text}"""` : csvCell(value.text);
  return csvCell(value);
}

export function toCsv(rows: readonly (readonly Cell[])[]): string {
  return "\uFEFF" + rows.map((row) => row.map(cellOf).join(";")).join("\r\n") + "\r\n";
}
