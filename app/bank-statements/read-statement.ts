import { readCamt053 } from "./camt053";
import { decodeStatement } from "./encoding";
import { detectCsvBanks, readCsv } from "./csv";
import { readMt940 } from "./mt940";
import { CSV_BANKS, type CsvBank, type FormatResult, type ReadResult, type StatementEncoding } from "./statement-line";

/** The largest statement read: a year of a small shop's history is well under 1 MB in any format. */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

/** Signatures of files that are not text: PDF, ZIP (an .xlsx too), the old Excel and Word, PNG, JPEG, GZIP. */
const BINARY_MAGIC = [
  [0x25, 0x50, 0x44, 0x46],
  [0x50, 0x4b, 0x03, 0x04],
  [0xd0, 0xcf, 0x11, 0xe0],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x1f, 0x8b],
];
/** Control characters a text statement does not hold (SOH, ETX and SUB are taken out before). */
// eslint-disable-next-line no-control-regex -- control characters are what tells a binary file
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f]/g;
// eslint-disable-next-line no-control-regex -- SOH, ETX and SUB, the wrapping of MT940 files
const STATEMENT_WRAPPING = /[\x01\x03\x1a]/g;
const HTML = /<!doctype\s+html|<html[\s>]|<body[\s>]|<table[\s>]|<head[\s>]/i;

/**
 * A bank statement's bytes as lines, or why the file is refused. The format is read from the
 * content, never from the file's name; `bank` is the operator's answer when a CSV fits no bank's
 * columns (the result was `chooseBank`). Reads, matches nothing and stores nothing.
 */
export async function readStatement(bytes: Buffer, { bank }: { bank?: CsvBank } = {}): Promise<ReadResult> {
  if (bytes.length > STATEMENT_MAX_BYTES) return { kind: "refused", refusal: "tooLarge", limitBytes: STATEMENT_MAX_BYTES };
  if (BINARY_MAGIC.some((magic) => magic.every((byte, index) => bytes[index] === byte))) return { kind: "refused", refusal: "binary" };
  const decoded = decodeStatement(bytes);
  const encoding = decoded.encoding;
  // MT940 files may wrap each statement in SOH … ETX, or end with SUB: they carry nothing.
  const text = decoded.text.replace(STATEMENT_WRAPPING, "");
  if (text.replace(/[\s\ufeff-]/g, "") === "") return { kind: "refused", refusal: "empty" };
  // More than one control character in a hundred: a binary file whatever its name.
  if ((text.match(CONTROL)?.length ?? 0) * 100 > text.length) return { kind: "refused", refusal: "binary" };
  const head = text.slice(0, 4096);
  if (/<(\w+:)?BkToCstmrStmt[\s>]/.test(head) || /camt\.053/.test(head)) {
    return withEncoding(await readCamt053(text), encoding);
  }
  if (HTML.test(head)) return { kind: "refused", refusal: "html" };
  if (/^:20:/m.test(text) && /^:6[02][FM]:/m.test(text)) return withEncoding(readMt940(text), encoding);
  const banks = bank ? [bank] : detectCsvBanks(text);
  if (banks.length === 1) return withEncoding(readCsv(text, banks[0]!), encoding);
  if (banks.length > 1 || looksLikeCsv(text)) return { kind: "chooseBank", choices: banks.length > 1 ? banks : [...CSV_BANKS] };
  return { kind: "refused", refusal: "unknownFormat" };
}

function withEncoding(result: FormatResult, encoding: StatementEncoding): ReadResult {
  return result.kind === "read" ? { ...result, encoding } : result;
}

/** A line that starts with a date and is cut into at least four fields by a separator. */
function looksLikeCsv(text: string): boolean {
  return text
    .split(/\r?\n/)
    .some(
      (line) =>
        /^"?(\d{4}-\d{2}-\d{2}|\d{2}[-./]\d{2}[-./]\d{4})/.test(line) &&
        [";", ",", "\t"].some((separator) => line.split(separator).length >= 4),
    );
}
