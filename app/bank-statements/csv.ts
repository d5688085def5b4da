import { parseStatementAmount } from "~/i18n/money";
import { isoDateOf } from "~/order/dates";
import { CSV_BANKS, type CsvBank, type FormatResult, type StatementLine } from "./statement-line";

/**
 * The CSV histories the banks' websites export for a period. None of the four banks publishes
 * them as a format, so each is known by its header row (docs/decisions/079 says where the columns
 * come from): the rows before it are the bank's preamble (account, period, balances) and a row after
 * the data that is not an entry is its footer. When no header fits, the operator names the bank and
 * its columns are read in their usual order.
 */
type Layout = {
  /** The header's columns in their usual order, as the bank writes them (compared without case, "#" or quotes). */
  columns: string[];
  /** The columns whose presence tells this bank from the others. */
  signature: string[];
  /** The amount's column: a row with a date and something here is an entry. */
  amount: string;
  line: (field: (column: string, offset?: number) => string) => StatementLine | null;
};

const LAYOUTS: Record<CsvBank, Layout> = {
  mbank: {
    columns: [
      "#Data księgowania",
      "#Data operacji",
      "#Opis operacji",
      "#Tytuł",
      "#Nadawca/Odbiorca",
      "#Numer konta",
      "#Kwota",
      "#Saldo po operacji",
    ],
    signature: ["#Data operacji", "#Opis operacji", "#Kwota"],
    amount: "#Kwota",
    line: (field) =>
      lineOf({
        date: field("#Data księgowania") || field("#Data operacji"),
        amount: field("#Kwota"),
        currency: "",
        title: field("#Tytuł") || field("#Opis operacji"),
        name: field("#Nadawca/Odbiorca"),
        account: field("#Numer konta"),
        reference: "",
      }),
  },
  ing: {
    columns: [
      "Data transakcji",
      "Data księgowania",
      "Dane kontrahenta",
      "Tytuł",
      "Nr rachunku",
      "Nazwa banku",
      "Szczegóły",
      "Nr transakcji",
      "Kwota transakcji (waluta rachunku)",
      "Waluta",
      "Kwota blokady/zwolnienie blokady",
      "Waluta",
      "Kwota płatności w walucie",
      "Waluta",
      "Konto",
      "Saldo po transakcji",
      "Waluta",
    ],
    signature: ["Data transakcji", "Dane kontrahenta", "Kwota transakcji (waluta rachunku)"],
    amount: "Kwota transakcji (waluta rachunku)",
    // A blocked amount (a card payment not booked yet) has no booking date and no transaction amount: not an entry.
    line: (field) =>
      lineOf({
        date: field("Data księgowania"),
        amount: field("Kwota transakcji (waluta rachunku)"),
        // Three columns are called "Waluta"; the transaction's is the one right after its amount.
        currency: field("Kwota transakcji (waluta rachunku)", 1),
        title: field("Tytuł"),
        name: field("Dane kontrahenta"),
        account: field("Nr rachunku"),
        reference: field("Nr transakcji"),
      }),
  },
  alior: {
    columns: [
      "Data transakcji",
      "Data księgowania",
      "Nazwa nadawcy",
      "Nazwa odbiorcy",
      "Szczegóły transakcji",
      "Kwota operacji",
      "Waluta operacji",
      "Kwota w walucie rachunku",
      "Waluta rachunku",
      "Numer rachunku nadawcy",
      "Numer rachunku odbiorcy",
    ],
    signature: ["Nazwa nadawcy", "Nazwa odbiorcy", "Szczegóły transakcji", "Kwota operacji"],
    amount: "Kwota operacji",
    line: (field) => {
      const line = lineOf({
        date: field("Data księgowania") || field("Data transakcji"),
        amount: field("Kwota operacji"),
        currency: field("Waluta operacji"),
        title: field("Szczegóły transakcji"),
        name: "",
        account: "",
        reference: "",
      });
      if (!line) return null;
      // The other party is the sender of a credit and the recipient of a debit.
      const credit = line.amountGrosze > 0;
      line.counterpartyName = field(credit ? "Nazwa nadawcy" : "Nazwa odbiorcy");
      line.counterpartyAccount = accountOf(field(credit ? "Numer rachunku nadawcy" : "Numer rachunku odbiorcy"));
      return line;
    },
  },
  pko: {
    columns: ["Data operacji", "Data waluty", "Typ transakcji", "Kwota", "Waluta", "Saldo po transakcji", "Opis transakcji"],
    signature: ["Data operacji", "Typ transakcji", "Opis transakcji"],
    amount: "Kwota",
    // The description runs on into the unnamed columns after "Opis transakcji", one "Label: value" in each.
    line: (field) => {
      const labelled = new Map<string, string>();
      for (let offset = 0; offset < 12; offset++) {
        const part = /^([^:]{2,40}):\s*(.*)$/s.exec(field("Opis transakcji", offset));
        if (part) labelled.set(part[1]!.trim().toLowerCase(), part[2]!.trim());
      }
      const line = lineOf({
        date: field("Data operacji"),
        amount: field("Kwota"),
        currency: field("Waluta"),
        title: labelled.get("tytuł") ?? field("Opis transakcji"),
        name: "",
        account: "",
        reference: "",
      });
      if (!line) return null;
      const credit = line.amountGrosze > 0;
      line.counterpartyName = labelled.get(credit ? "nazwa nadawcy" : "nazwa odbiorcy") ?? "";
      line.counterpartyAccount = accountOf(labelled.get(credit ? "rachunek nadawcy" : "rachunek odbiorcy") ?? "");
      return line;
    },
  },
};

const SEPARATORS = [";", ",", "\t"] as const;

/** The banks whose header row the file has (none, one, or, for a header fitting two, both). */
export function detectCsvBanks(text: string): CsvBank[] {
  const parsed = SEPARATORS.map((separator) => rowsOf(text, separator));
  return CSV_BANKS.filter((bank) => parsed.some((rows) => headerIndex(rows, LAYOUTS[bank]) >= 0));
}

/** The entries of a CSV history in the bank's layout. */
export function readCsv(text: string, bank: CsvBank): FormatResult {
  const layout = LAYOUTS[bank];
  const format = `csv-${bank}` as const;
  const parsed = SEPARATORS.map((separator) => rowsOf(text, separator));
  const withHeader = parsed.map((rows) => ({ rows, header: headerIndex(rows, layout) })).find(({ header }) => header >= 0);
  // No header: the operator said which bank; its columns in their usual order.
  const rows =
    withHeader?.rows ?? parsed.find((candidate) => candidate.some((row) => row.cells.length >= layout.columns.length)) ?? parsed[0]!;
  const header = withHeader?.header ?? -1;
  const columns = (header >= 0 ? rows[header]!.cells : layout.columns).map(columnKey);
  const lines: StatementLine[] = [];
  for (const row of rows.slice(header + 1)) {
    const field = (column: string, offset = 0) => {
      const index = columns.indexOf(columnKey(column));
      return index < 0 ? "" : cleanCell(row.cells[index + offset] ?? "");
    };
    const line = layout.line(field);
    if (line) lines.push(line);
    // A row that starts with a date is an entry: one that cannot be read refuses the file rather than drop a payment.
    // (ING's blocked amounts have a date and no amount: they are not entries yet.)
    else if (dateOf(row.cells[0] ?? "") && field(layout.amount) !== "") {
      return { kind: "refused", refusal: "unreadable", format, line: row.line };
    }
  }
  // The bank named, without its header, and not one row in its columns: the wrong bank, not an empty history.
  if (header < 0 && lines.length === 0) return { kind: "refused", refusal: "unknownFormat" };
  return { kind: "read", format, lines };
}

/** The header row's index, -1 when there is none. */
function headerIndex(rows: Row[], layout: Layout): number {
  const wanted = layout.signature.map(columnKey);
  return rows.findIndex((row) => {
    const keys = row.cells.map(columnKey);
    return wanted.every((column) => keys.includes(column));
  });
}

function columnKey(column: string): string {
  return column.replace(/^[\s#"']+|[\s"':]+$/g, "").toLowerCase();
}

/** ING writes an account or a reference as ="…" or with a leading apostrophe, so a spreadsheet keeps it as text. */
function cleanCell(cell: string): string {
  return cell
    .replace(/^="(.*)"$/s, "$1")
    .replace(/^'(.*?)'?$/s, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

function accountOf(text: string): string {
  return text.replace(/[\s'-]/g, "");
}

type Row = { cells: string[]; line: number };

/** RFC 4180 rows: a quoted field may hold the separator, doubled quotes and line breaks. */
function rowsOf(text: string, separator: string): Row[] {
  const field = new RegExp(`[ \\t]*"((?:[^"]|"")*)"[ \\t]*(?=${separator}|\\r|\\n|$)|([^${separator}\\r\\n]*)`, "y");
  const rows: Row[] = [];
  let cells: string[] = [];
  let line = 1;
  let rowLine = 1;
  let index = 0;
  while (index <= text.length) {
    field.lastIndex = index;
    const match = field.exec(text)!;
    const quoted = match[1];
    cells.push(quoted === undefined ? match[2]! : quoted.replace(/""/g, '"'));
    if (quoted) line += quoted.split("\n").length - 1;
    index = field.lastIndex;
    if (text[index] === separator) {
      index++;
      continue;
    }
    if (cells.some((value) => value.trim() !== "")) rows.push({ cells, line: rowLine });
    cells = [];
    index += text.startsWith("\r\n", index) ? 2 : 1;
    line++;
    rowLine = line;
  }
  return rows;
}

/** A day as the banks write it (YYYY-MM-DD, DD-MM-YYYY, DD.MM.YYYY), read the one way the site reads a day. */
function dateOf(text: string): string | null {
  return /^\s*\d/.test(text) ? isoDateOf(text) : null;
}

type Cells = { date: string; amount: string; currency: string; title: string; name: string; account: string; reference: string };

/**
 * One entry from its cells; null when the date or the amount is not one (a preamble's or a
 * footer's row). The amount may carry its currency ("-3 168,00 PLN"); without a currency
 * anywhere the account's is PLN (mBank's old layout names it only in the preamble).
 */
function lineOf(cells: Cells): StatementLine | null {
  const bookedOn = dateOf(cells.date);
  const amount = /^(.*?)\s*([A-Z]{3})?$/.exec(cells.amount.trim())!;
  const amountGrosze = parseStatementAmount(amount[1]!);
  if (!bookedOn || amountGrosze === null) return null;
  return {
    bookedOn,
    amountGrosze,
    currency: (cells.currency || amount[2] || "PLN").toUpperCase(),
    title: cells.title,
    counterpartyName: cells.name,
    counterpartyAccount: accountOf(cells.account),
    bankReference: cells.reference || null,
  };
}
