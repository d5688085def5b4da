/**
 * What every reader of a bank statement gives: one line per booked entry, whatever the format.
 * Amounts are whole grosze (1/100 of the currency), negative for a debit.
 */
export type StatementLine = {
  /** The booking date, YYYY-MM-DD. */
  bookedOn: string;
  amountGrosze: number;
  /** ISO 4217 code: "PLN". */
  currency: string;
  /** The transfer's title, its parts joined. */
  title: string;
  counterpartyName: string;
  /** The counterparty's account as the bank wrote it, without spaces; "" when the bank gave none. */
  counterpartyAccount: string;
  /** The bank's own reference of the entry, when the format carries one. */
  bankReference: string | null;
};

/** The CSV histories read, by bank: the one place a format needs the bank's name. */
export const CSV_BANKS = ["mbank", "ing", "alior", "pko"] as const;
export type CsvBank = (typeof CSV_BANKS)[number];

export type StatementFormat = "mt940" | "camt053" | `csv-${CsvBank}`;

export type StatementEncoding = "utf-8" | "windows-1250" | "iso-8859-2" | "cp852";

/** A file is refused whole, and nothing in it is marked; the page says why in Polish. */
export type Refusal =
  | { refusal: "empty" }
  | { refusal: "tooLarge"; limitBytes: number }
  | { refusal: "binary" }
  | { refusal: "html" }
  | { refusal: "unknownFormat" }
  /** The format is known, but a line of it cannot be read (`line` counts from 1 in the decoded text). */
  | { refusal: "unreadable"; format: StatementFormat; line: number }
  /** Opening balance + the lines ≠ closing balance: lines are missing or read wrong, so none is trusted. */
  | {
      refusal: "balancesDoNotAddUp";
      format: StatementFormat;
      statement: string;
      openingGrosze: number;
      turnoverGrosze: number;
      closingGrosze: number;
    };

/** What one format's reader gives. */
export type FormatResult = { kind: "read"; format: StatementFormat; lines: StatementLine[] } | ({ kind: "refused" } & Refusal);

export type ReadResult =
  | (Extract<FormatResult, { kind: "read" }> & { encoding: StatementEncoding })
  | Extract<FormatResult, { kind: "refused" }>
  /** A CSV whose columns fit no bank, or more than one: the page asks which bank it came from. */
  | { kind: "chooseBank"; choices: CsvBank[] };
