import { parseStatementAmount } from "~/i18n/money";
import { isoDateOf } from "~/order/dates";
import type { FormatResult, StatementLine } from "./statement-line";

/**
 * MT940 (SWIFT's customer statement) as the Polish banks export it. Fields start a line with
 * `:tag:`; `:20:` opens a statement, `:60F:`/`:60M:` is its opening balance, each `:61:` an entry
 * followed by its `:86:` details, `:62F:`/`:62M:` the closing balance. The banks wrap long fields at
 * 65 characters and some wrap a file in SOH … ETX, or in SWIFT's `{4: … -}` block.
 */
export function readMt940(text: string): FormatResult {
  const fields = fieldsOf(text);
  const lines: StatementLine[] = [];
  let statement: { reference: string; currency: string; openingGrosze: number; lines: StatementLine[] } | null = null;
  let pending: { line: StatementLine; at: number } | null = null;
  const unreadable = (at: number): FormatResult => ({ kind: "refused", refusal: "unreadable", format: "mt940", line: at });

  for (const { tag, value, at } of fields) {
    if (tag === "20") {
      statement = { reference: value.trim(), currency: "", openingGrosze: 0, lines: [] };
    } else if (tag === "60F" || tag === "60M") {
      const balance = balanceOf(value);
      if (!balance || !statement) return unreadable(at);
      statement.currency = balance.currency;
      statement.openingGrosze = balance.grosze;
    } else if (tag === "61") {
      if (!statement) return unreadable(at);
      const line = entryOf(value, statement.currency);
      if (!line) return unreadable(at);
      statement.lines.push(line);
      lines.push(line);
      pending = { line, at };
    } else if (tag === "86" && pending) {
      Object.assign(pending.line, detailsOf(value));
      pending = null;
    } else if (tag === "62F" || tag === "62M") {
      const balance = balanceOf(value);
      if (!balance || !statement) return unreadable(at);
      const turnoverGrosze = statement.lines.reduce((sum, line) => sum + line.amountGrosze, 0);
      if (statement.openingGrosze + turnoverGrosze !== balance.grosze) {
        return {
          kind: "refused",
          refusal: "balancesDoNotAddUp",
          format: "mt940",
          statement: statement.reference,
          openingGrosze: statement.openingGrosze,
          turnoverGrosze,
          closingGrosze: balance.grosze,
        };
      }
      statement = null;
    }
    if (tag !== "61") pending = null;
  }
  return { kind: "read", format: "mt940", lines };
}

type Field = { tag: string; value: string; at: number };

/** The fields in order, each with its continuation lines joined by "\n" and the line it starts on. */
function fieldsOf(text: string): Field[] {
  const fields: Field[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    // A statement's closing "-" may share its line with the next one's ":20:" once SOH and ETX are gone.
    const line = raw.replace(/^-(?=:\d{2}[A-Z]?:)/, "");
    const start = /^:(\d{2}[A-Z]?):(.*)$/.exec(line);
    if (start) fields.push({ tag: start[1]!, value: start[2]!, at: index + 1 });
    else if (fields.length > 0 && line !== "-" && !/^-?\}/.test(line) && !/^\{\d:/.test(line)) fields.at(-1)!.value += `\n${line}`;
  });
  return fields;
}

/** `C261123PLN1234,56`: the sign (C credit, D debit), the date, the currency, the amount. */
function balanceOf(value: string): { currency: string; grosze: number } | null {
  const match = /^([CD])(\d{6})([A-Z]{3})([\d,]+)\s*$/.exec(value.trim());
  const grosze = match ? parseStatementAmount(match[4]!) : null;
  if (!match || grosze === null) return null;
  return { currency: match[3]!, grosze: match[1] === "D" ? -grosze : grosze };
}

/**
 * `:61:` value date YYMMDD, the booking date MMDD (optional), C/D/RC/RD, the currency's third
 * letter (optional), the amount, the transaction type (N + 3 characters), the account owner's
 * reference, then `//` and the bank's reference.
 */
function entryOf(value: string, currency: string): StatementLine | null {
  const match =
    /^(\d{2})(\d{2})(\d{2})(\d{4})?(R?[CD])[A-Z]?(\d+,\d{0,2})[NSF][A-Z0-9]{3}([^\n/]*(?:\/(?!\/)[^\n/]*)*)(?:\/\/([^\n]*))?/.exec(value);
  const grosze = match ? parseStatementAmount(match[6]!) : null;
  if (!match || grosze === null) return null;
  const [, yy, valueMonth, valueDay, booked, mark] = match;
  let year = 2000 + Number(yy);
  let [month, day] = [valueMonth!, valueDay!];
  if (booked) {
    [month, day] = [booked.slice(0, 2), booked.slice(2)];
    // Booked in the last days of December for a value date in January, or the other way round.
    if (Number(month) === 12 && Number(valueMonth) === 1) year -= 1;
    if (Number(month) === 1 && Number(valueMonth) === 12) year += 1;
  }
  const credit = mark === "C" || mark === "RD";
  const bookedOn = isoDateOf(`${year}-${month}-${day}`);
  if (!bookedOn) return null;
  // Only the bank's own reference keys a line: the account owner's (before "//") is the payer's
  // free text for a credit, and two payers may both write "1".
  const reference = match[8]?.trim();
  return {
    bookedOn,
    amountGrosze: credit ? grosze : -grosze,
    currency,
    title: "",
    counterpartyName: "",
    counterpartyAccount: "",
    bankReference: reference && reference !== "NONREF" ? reference : null,
  };
}

type Details = Pick<StatementLine, "title" | "counterpartyName" | "counterpartyAccount">;

/** `:86:` in one of its Polish shapes: numbered subfields after `~`, `<`, `^`, `?` or `+`, mBank's labelled text, or free text. */
function detailsOf(value: string): Details {
  // The 65-character wrap falls anywhere, inside a word too: the lines are one text.
  const text = value.replace(/\n/g, "");
  const subfields = /^(?:\d{3})?([~<^?+])\d{2}/.exec(text);
  if (subfields) return fromSubfields(text, subfields[1]!);
  if (/TYT\.:/.test(text)) return fromLabels(text);
  return { title: text.replace(/^\d{3}\s*/, "").trim(), counterpartyName: "", counterpartyAccount: "" };
}

/** One numbered subfield and its text up to the next, per separator. */
const SUBFIELD: Record<string, RegExp> = Object.fromEntries(
  ["~", "<", "^", "?", "+"].map((separator) => {
    const escaped = separator.replace(/[?+^]/, "\\$&");
    return [separator, new RegExp(`${escaped}(\\d{2})((?:(?!${escaped}\\d{2}).)*)`, "g")];
  }),
);

/** ~20–~25 the title, ~32–~33 the counterparty's name, ~38 its account; parts are cut at a fixed width, so they join without a space. */
function fromSubfields(text: string, separator: string): Details {
  const parts = new Map<number, string>();
  for (const match of text.matchAll(SUBFIELD[separator]!)) {
    parts.set(Number(match[1]), match[2]!);
  }
  const join = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, offset) => parts.get(from + offset) ?? "")
      .join("")
      .trim();
  return { title: join(20, 25), counterpartyName: join(32, 33), counterpartyAccount: (parts.get(38) ?? "").replace(/\s/g, "") };
}

const LABELS: Record<string, keyof Details> = {
  "TYT.": "title",
  "NAD.": "counterpartyName",
  "ODB.": "counterpartyName",
  "KONTR.": "counterpartyName",
  "RACH.": "counterpartyAccount",
};

/** mBank's text: "PRZELEW … NAD.: name RACH.: account TYT.: title", each label up to the next. */
function fromLabels(text: string): Details {
  const details: Details = { title: "", counterpartyName: "", counterpartyAccount: "" };
  const labelled = [...text.matchAll(/(?:^|\s)([A-Z]{3,6}\.):\s*/g)];
  labelled.forEach((match, index) => {
    const field = LABELS[match[1]!];
    if (!field) return;
    const end = labelled[index + 1]?.index ?? text.length;
    const content = text.slice(match.index + match[0].length, end).trim();
    details[field] = field === "counterpartyAccount" ? content.replace(/\s/g, "") : content;
  });
  return details;
}
