import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lineKeys, lineToKeep, matchStatement, normaliseTitle, orderNumbersNamed, type MatchContext, type OrderFacts } from "./matching";
import { readStatement } from "./read-statement";
import type { StatementLine } from "./statement-line";

const AWAITING: OrderFacts = { status: "awaiting_payment", priceGrosze: 29900 };
const ORDERS = new Map<string, OrderFacts>([
  ["AE-2026-000123", AWAITING],
  ["AE-2026-000124", { status: "awaiting_payment", priceGrosze: 39900 }],
  ["AE-2026-000125", { status: "paid", priceGrosze: 29900 }],
  ["AE-2026-000126", { status: "dispatched", priceGrosze: 29900 }],
  ["AE-2026-000127", { status: "cancelled", priceGrosze: 29900 }],
]);
const context = (changes: Partial<MatchContext> = {}): MatchContext => ({ orders: ORDERS, readKeys: new Set(), ...changes });

const credit = (title: string, changes: Partial<StatementLine> = {}): StatementLine => ({
  bookedOn: "2026-11-26",
  amountGrosze: 29900,
  currency: "PLN",
  title,
  counterpartyName: "Anna Przykładowa",
  counterpartyAccount: "PL11222233334444555566667777",
  bankReference: null,
  ...changes,
});

/** The one line's match, without its key. */
function matchOf(line: StatementLine, changes: Partial<MatchContext> = {}) {
  const { key: _key, ...match } = matchStatement([line], context(changes))[0]!;
  return match;
}

describe("the title as the order code is looked for in it", () => {
  it("makes case, Polish letters, line breaks and spaces alike", () => {
    expect(normaliseTitle("  Zamówienie\r\nnr  ae–2026–123 Łódź ")).toBe("ZAMOWIENIE NR AE-2026-123 LODZ");
  });
});

describe("the orders to look up", () => {
  it("are those the credits name, each once; a debit's are not", () => {
    const lines = [credit("AE-2026-000123"), credit("ae 2026 123 i AE2026000124"), credit("Zwrot AE-2026-000125", { amountGrosze: -100 })];
    expect(orderNumbersNamed(lines)).toEqual(["AE-2026-000123", "AE-2026-000124"]);
  });
});

describe("a credit marked paid", () => {
  it.each([
    "AE-2026-000123",
    "AE 2026 123",
    "AE2026000123",
    "ae-2026-123",
    "Zamówienie\nAE-2026-\n000123 dziękuję",
    "ZAMÓWIENIE AE.2026.000123",
  ])("when the title names one order in any spelling (%j), in PLN, for its price exactly, the order awaiting payment", (title) => {
    expect(matchOf(credit(title))).toEqual({ outcome: "paid", orderNumber: "AE-2026-000123" });
  });
});

describe("a credit to check, with its reason", () => {
  it("too little or too much, with the difference", () => {
    expect(matchOf(credit("AE-2026-000123", { amountGrosze: 29899 }))).toEqual({
      outcome: "toCheck",
      reason: "tooLittle",
      orderNumber: "AE-2026-000123",
      differenceGrosze: -1,
    });
    expect(matchOf(credit("AE-2026-000123", { amountGrosze: 39900 }))).toEqual({
      outcome: "toCheck",
      reason: "tooMuch",
      orderNumber: "AE-2026-000123",
      differenceGrosze: 10000,
    });
  });

  it("no code: the orders the caller finds by amount and name are the candidates", () => {
    const candidatesFor = (line: StatementLine) =>
      line.amountGrosze === 29900 && line.counterpartyName.includes("Przykładowa") ? ["AE-2026-000123"] : [];
    expect(matchOf(credit("za oświadczenie"), { candidatesFor })).toEqual({
      outcome: "toCheck",
      reason: "noCode",
      candidates: ["AE-2026-000123"],
    });
  });

  it("two codes in one transfer", () => {
    expect(matchOf(credit("AE-2026-000123 i AE-2026-000124", { amountGrosze: 69800 }))).toEqual({
      outcome: "toCheck",
      reason: "twoCodes",
      orderNumbers: ["AE-2026-000123", "AE-2026-000124"],
    });
  });

  it("a payment for an order already paid or dispatched: a refund to make", () => {
    expect(matchOf(credit("AE-2026-000125"))).toEqual({ outcome: "toCheck", reason: "alreadyPaid", orderNumber: "AE-2026-000125" });
    expect(matchOf(credit("AE-2026-000126"))).toEqual({ outcome: "toCheck", reason: "alreadyPaid", orderNumber: "AE-2026-000126" });
  });

  it("a payment after the order was cancelled", () => {
    expect(matchOf(credit("AE-2026-000127"))).toEqual({ outcome: "toCheck", reason: "cancelled", orderNumber: "AE-2026-000127" });
  });

  it("a number no order has", () => {
    expect(matchOf(credit("AE-2026-000999"))).toEqual({ outcome: "toCheck", reason: "unknownOrder", orderNumber: "AE-2026-000999" });
  });

  it("a foreign currency, even for the price's figure", () => {
    expect(matchOf(credit("AE-2026-000123", { currency: "EUR" }))).toEqual({
      outcome: "toCheck",
      reason: "foreignCurrency",
      currency: "EUR",
      orderNumbers: ["AE-2026-000123"],
    });
  });

  it("a split payment, its code found anywhere in the structured title", () => {
    expect(matchOf(credit("/VAT/55,91/IDC/1234567890/INV/AE-2026-000123/TXT/oświadczenie"))).toEqual({
      outcome: "toCheck",
      reason: "splitPayment",
      orderNumbers: ["AE-2026-000123"],
    });
    expect(matchOf(credit("/VAT/55,91/IDC/1234567890/INV/FV 1/2026/TXT/AE 2026 123"))).toEqual({
      outcome: "toCheck",
      reason: "splitPayment",
      orderNumbers: ["AE-2026-000123"],
    });
  });
});

describe("lines that concern no order", () => {
  it("a debit, even one naming an order (a refund sent), and a credit with neither code nor candidate", () => {
    expect(matchOf(credit("Zwrot AE-2026-000123", { amountGrosze: -29900 }))).toEqual({ outcome: "notOurs" });
    expect(matchOf(credit("Odsetki za listopad", { amountGrosze: 12 }))).toEqual({ outcome: "notOurs" });
  });

  it("keep only the date, amount, currency and reference; a line about an order is kept whole", () => {
    const line = credit("Odsetki za listopad", { bankReference: "R1" });
    const [notOurs] = matchStatement([line], context());
    expect(lineToKeep(line, notOurs!)).toEqual({ bookedOn: "2026-11-26", amountGrosze: 29900, currency: "PLN", bankReference: "R1" });
    const ours = credit("AE-2026-000123", { amountGrosze: 1 });
    expect(lineToKeep(ours, matchStatement([ours], context())[0]!)).toEqual(ours);
  });
});

describe("reading the same lines twice", () => {
  it("keys a line by the bank's reference, else by a hash of date, amount, title and account", () => {
    const [byReference, byHash, sameAgain, otherAccount] = lineKeys([
      credit("AE-2026-000123", { bankReference: "PKO2611230001" }),
      credit("AE-2026-000123"),
      credit("AE-2026-000123"),
      credit("AE-2026-000123", { counterpartyAccount: "PL00" }),
    ]);
    expect(byReference).toBe("ref:PKO2611230001");
    expect(byHash).toMatch(/^sha256:[0-9a-f]{64}:1$/);
    // Two equal transfers on one day are two lines, not one read twice.
    expect(sameAgain).toBe(byHash!.replace(/:1$/, ":2"));
    expect(otherAccount).toMatch(/:1$/);
    expect(otherAccount).not.toBe(byHash);
    // The title's spelling does not make another line.
    expect(lineKeys([credit("ae 2026 123")])[0]).toBe(lineKeys([credit("AE 2026 123")])[0]);
  });

  it("changes nothing the second time: every line was read before", async () => {
    const bytes = readFileSync(new URL("./fixtures/mt940-tilde.sta", import.meta.url));
    const read = async () => {
      const result = await readStatement(bytes);
      if (result.kind !== "read") throw new Error(result.kind);
      return result.lines;
    };
    const orders = new Map([["AE-2026-000101", AWAITING]]);
    const first = matchStatement(await read(), { orders, readKeys: new Set() });
    expect(first.map(({ outcome }) => outcome)).toEqual(["paid", "notOurs"]);
    const second = matchStatement(await read(), { orders, readKeys: new Set(first.map(({ key }) => key)) });
    expect(second.map(({ outcome }) => outcome)).toEqual(["readBefore", "readBefore"]);
  });

  it("pays an order once when one statement holds two transfers for it: the second is a refund to make", () => {
    const matches = matchStatement(
      [credit("AE-2026-000123", { bankReference: "A" }), credit("AE-2026-000123", { bankReference: "B" })],
      context(),
    );
    expect(matches.map(({ outcome }) => outcome)).toEqual(["paid", "toCheck"]);
    expect(matches[1]).toMatchObject({ reason: "alreadyPaid", orderNumber: "AE-2026-000123" });
  });

  it("reads a line again in the same file as read before (two overlapping statements joined)", () => {
    const line = credit("AE-2026-000123", { bankReference: "A" });
    expect(matchStatement([line, line], context()).map(({ outcome }) => outcome)).toEqual(["paid", "readBefore"]);
  });
});
