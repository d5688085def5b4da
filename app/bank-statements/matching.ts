import { createHash } from "node:crypto";
import type { OrderStatus } from "~/db/schema";
import { orderNumbersIn } from "~/order/order-number";
import type { StatementLine } from "./statement-line";

/** What matching needs to know of an order, looked up by the caller by number. */
export type OrderFacts = { status: OrderStatus; priceGrosze: number };

export type MatchContext = {
  /** Every order whose number appears in the statement's titles (more do no harm). */
  orders: ReadonlyMap<string, OrderFacts>;
  /** The keys of lines read from earlier statements (lineKeys). */
  readKeys: ReadonlySet<string>;
  /** Orders that could be what a credit without a code pays: the caller's search by amount and name. */
  candidatesFor?: (line: StatementLine) => readonly string[];
};

/** Why a credit is not marked paid by itself: the operator decides ("Do sprawdzenia"). */
export type ToCheck =
  | { reason: "tooLittle" | "tooMuch"; orderNumber: string; differenceGrosze: number }
  | { reason: "noCode"; candidates: string[] }
  | { reason: "twoCodes"; orderNumbers: string[] }
  /** A second payment: the money is to be returned. */
  | { reason: "alreadyPaid"; orderNumber: string }
  | { reason: "cancelled"; orderNumber: string }
  | { reason: "unknownOrder"; orderNumber: string }
  | { reason: "foreignCurrency"; currency: string; orderNumbers: string[] }
  /** A split payment (mechanizm podzielonej płatności): part of it went to the VAT account. */
  | { reason: "splitPayment"; orderNumbers: string[] }
  /** The "paid" this line made was taken back by its operator ("Cofnij"): it waits for a decision again. */
  | { reason: "undone"; orderNumber: string };

export type Match = { key: string } & (
  | { outcome: "paid"; orderNumber: string }
  | ({ outcome: "toCheck" } & ToCheck)
  | { outcome: "readBefore" }
  /** A debit, or a credit that names no order and resembles none. */
  | { outcome: "notOurs" }
);

/** The title with case, Polish letters, line breaks and runs of spaces and dashes made alike: what the order code is looked for in. */
export function normaliseTitle(title: string): string {
  return title
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/ł/g, "l")
    .replace(/Ł/g, "L")
    .toUpperCase()
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\s+/g, " ")
    .trim();
}

/** Every order number the statement's credits name, once: what the caller looks up for `orders`, in one query. */
export function orderNumbersNamed(lines: readonly StatementLine[]): string[] {
  return [...new Set(lines.filter((line) => line.amountGrosze > 0).flatMap((line) => orderNumbersIn(normaliseTitle(line.title))))];
}

/** The split payment's structured title, /VAT/…/IDC/…/INV/…/TXT/…, anywhere in the title. */
const SPLIT_PAYMENT = /\/VAT\/[^/]*\/IDC\//;

/**
 * Each line's key, the same every time the line is read: the bank's reference, else a hash of
 * date, amount, currency, title and account. Identical lines in one file (two equal transfers on
 * one day) are told apart by their count, so the second is not taken for the first read again.
 */
export function lineKeys(lines: readonly StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    if (line.bankReference) return `ref:${line.bankReference}`;
    const digest = createHash("sha256")
      .update(JSON.stringify([line.bookedOn, line.amountGrosze, line.currency, normaliseTitle(line.title), line.counterpartyAccount]))
      .digest("hex");
    const count = (seen.get(digest) ?? 0) + 1;
    seen.set(digest, count);
    return `sha256:${digest}:${count}`;
  });
}

/**
 * What each line of a statement means for the orders, in order. Only a credit in PLN naming
 * exactly one existing order, awaiting payment, for exactly its price, never read before, is
 * "paid"; an order paid by an earlier line of the same statement counts as paid for the later ones.
 */
export function matchStatement(lines: readonly StatementLine[], context: MatchContext): Match[] {
  const keys = lineKeys(lines);
  const readKeys = new Set(context.readKeys);
  const paidHere = new Set<string>();
  return lines.map((line, index) => {
    const key = keys[index]!;
    const match = matchLine(
      line,
      key,
      readKeys.has(key),
      (number) => {
        const order = context.orders.get(number);
        return order && paidHere.has(number) ? { ...order, status: "paid" } : order;
      },
      context.candidatesFor,
    );
    readKeys.add(key);
    if (match.outcome === "paid") paidHere.add(match.orderNumber);
    return match;
  });
}

function matchLine(
  line: StatementLine,
  key: string,
  readBefore: boolean,
  orderOf: (number: string) => OrderFacts | undefined,
  candidatesFor: MatchContext["candidatesFor"],
): Match {
  if (readBefore) return { key, outcome: "readBefore" };
  if (line.amountGrosze <= 0) return { key, outcome: "notOurs" };
  const title = normaliseTitle(line.title);
  const orderNumbers = orderNumbersIn(title);
  if (orderNumbers.length === 0) {
    const candidates = [...(candidatesFor?.(line) ?? [])];
    return candidates.length > 0 ? { key, outcome: "toCheck", reason: "noCode", candidates } : { key, outcome: "notOurs" };
  }
  if (line.currency !== "PLN") return { key, outcome: "toCheck", reason: "foreignCurrency", currency: line.currency, orderNumbers };
  if (SPLIT_PAYMENT.test(title)) return { key, outcome: "toCheck", reason: "splitPayment", orderNumbers };
  if (orderNumbers.length > 1) return { key, outcome: "toCheck", reason: "twoCodes", orderNumbers };
  const orderNumber = orderNumbers[0]!;
  const order = orderOf(orderNumber);
  if (!order) return { key, outcome: "toCheck", reason: "unknownOrder", orderNumber };
  if (order.status === "cancelled") return { key, outcome: "toCheck", reason: "cancelled", orderNumber };
  if (order.status !== "awaiting_payment") return { key, outcome: "toCheck", reason: "alreadyPaid", orderNumber };
  const differenceGrosze = line.amountGrosze - order.priceGrosze;
  if (differenceGrosze !== 0)
    return { key, outcome: "toCheck", reason: differenceGrosze < 0 ? "tooLittle" : "tooMuch", orderNumber, differenceGrosze };
  return { key, outcome: "paid", orderNumber };
}

/** What is kept of a line that concerns no order: amount, date and reference, not another person's name, account or title (RODO art. 5 ust. 1 lit. c). */
export type KeptLine = Pick<StatementLine, "bookedOn" | "amountGrosze" | "currency" | "bankReference"> &
  Partial<Pick<StatementLine, "title" | "counterpartyName" | "counterpartyAccount">>;

/** The line as it may be stored: whole when it concerns an order (paid or to check), stripped when it does not. */
export function lineToKeep(line: StatementLine, match: Match): KeptLine {
  const { bookedOn, amountGrosze, currency, bankReference } = line;
  return match.outcome === "notOurs" || match.outcome === "readBefore" ? { bookedOn, amountGrosze, currency, bankReference } : { ...line };
}
