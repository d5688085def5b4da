import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyTransition, recordRefund } from "~/flows/transitions.server";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { documentsOnThisThread } from "~/jobs/document-thread.server";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { pdfTextOf } from "../../tests/support/pdf-text";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { withdrawnKeeping } from "../../tests/support/withdrawal";
import { fixedT } from "~/i18n/i18n.server";
import { cancelOrder } from "~/payments/refund.server";
import { invoicesCsv, issueByOperator, listInvoices } from "./admin.server";
import { askForInvoice, customerInvoiceView } from "./customer.server";
import { invoiceWithOriginal } from "./issue.server";
import { fa3InvoiceOf } from "./ksef-link.server";
import { buildFa3Xml } from "~/ksef/fa3";
import { validateFa3Xml } from "~/ksef/fa3-schema.server";

const ORDERED = new Date("2026-11-23T09:00:00Z");
const PAID = new Date("2026-11-24T10:00:00Z");

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
}

describe.each(DIALECTS)("asking for an invoice after the order, on %s", (dialect) => {
  let db: AppDatabase;
  let token: string;
  let orderId: number;
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
    const { order } = await placeSampleOrder(db, ORDERED, { locale: "uk" });
    token = order.payment_token;
    orderId = order.id;
    await applyTransition(db, orderId, { transition: "mark_paid", paidAt: PAID.toISOString() }, "op@example.com", PAID);
  });
  afterEach(() => db.destroy());

  it("issues the invoice at once for a paid order, and its PDF prints Polish with the customer's language beside", async () => {
    const outcome = await askForInvoice(
      db,
      token,
      form({ buyerName: "Олена Шевченко", buyerAddress: "ul. Długa 5/3, 70-001 Szczecin", nip: "" }),
      PAID,
    );
    expect(outcome).toEqual({ ok: true });
    const view = await customerInvoiceView(db, token, PAID);
    expect(view?.invoices.map((invoice) => invoice.number)).toEqual(["FV/2026/11/0001"]);
    expect(view?.mayAsk).toBe(false);
    const found = await invoiceWithOriginal(db, view!.invoices[0]!.id);
    const text = await pdfTextOf((await documentsOnThisThread.invoicePdf({ ...found!, ksef: null })).content);
    expect(text).toContain("Faktura / Рахунок-фактура FV/2026/11/0001");
    expect(text).toContain("Nabywca / Покупець");
    expect(text).toContain("Олена Шевченко");
    expect(text).toContain("243,09 PLN");
    expect(text).toContain("55,91 PLN");
    expect(text).toContain("299,00 PLN");
    expect(text).toContain("Юридичну силу має польська версія.");
  });

  it("keeps what was typed and names the problem when the NIP is wrong", async () => {
    const typed = { buyerName: "Firma", buyerAddress: "ul. Polna 2, 70-100 Szczecin", nip: "123-456-32-19" };
    const outcome = await askForInvoice(db, token, form(typed), PAID);
    expect(outcome).toEqual({ ok: false, status: 400, errors: { nip: "invoice:validation.nipChecksum" }, values: typed });
    expect((await customerInvoiceView(db, token, PAID))?.invoices).toEqual([]);
  });

  it("says no once three months from the end of the month of payment have passed", async () => {
    const lastDay = new Date("2027-02-28T20:00:00Z");
    expect((await customerInvoiceView(db, token, lastDay))?.mayAsk).toBe(true);
    const dayAfter = new Date("2027-03-01T10:00:00Z");
    const view = await customerInvoiceView(db, token, dayAfter);
    expect(view).toMatchObject({ mayAsk: false, lastDay: "2027-02-28" });
    const outcome = await askForInvoice(db, token, form({ buyerName: "A", buyerAddress: "B" }), dayAfter);
    expect(outcome).toMatchObject({ ok: false, status: 409, errors: { form: "invoice:panel.tooLate" } });
  });

  it("finds no order for a token with a NUL, a control character or the wrong length (PostgreSQL refuses a NUL in a query)", async () => {
    for (const odd of ["\u0000", `${token.slice(0, 31)}\u0000`, `${token}\n`, token.slice(1), "%00"]) {
      expect(await customerInvoiceView(db, odd, PAID), JSON.stringify(odd)).toBeNull();
      expect(await askForInvoice(db, odd, form({ buyerName: "Firma", buyerAddress: "ul. Polna 2" }), PAID)).toMatchObject({
        ok: false,
        status: 404,
      });
    }
  });

  it("refuses a buyer with U+FFFE or U+FFFF, which XML 1.0 forbids, so no invoice is issued whose FA(3) file KSeF could not read", async () => {
    const typed = { buyerName: "Kowalski & Syn\uFFFE sp. j.", buyerAddress: "ul. Krzywa 2/4\uFFFF, 60-001 Poznań", nip: "779-101-13-27" };
    expect(await askForInvoice(db, token, form(typed), PAID)).toEqual({
      ok: false,
      status: 400,
      errors: { buyerName: "order:validation.controlCharacters", buyerAddress: "order:validation.controlCharacters" },
      values: typed,
    });
    const byOperator = await issueByOperator(db, orderId, form(typed), "op@example.com", PAID);
    expect(byOperator).toMatchObject({ ok: false, status: 400, values: typed });
    expect(!byOperator.ok && byOperator.errors.buyerName).toMatch(/znaki niewidoczne/);
    expect(await db.selectFrom("invoices").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("ksef_submissions").select("id").execute()).toEqual([]);

    // What the refusal prevents: the same buyer in an issued invoice's FA(3) file is not XML at all.
    expect(
      await askForInvoice(db, token, form({ ...typed, buyerName: "Kowalski & Syn sp. j.", buyerAddress: "ul. Krzywa 2/4" }), PAID),
    ).toEqual({
      ok: true,
    });
    const [issued] = await db.selectFrom("invoices").selectAll().execute();
    expect(await validateFa3Xml(buildFa3Xml(fa3InvoiceOf({ ...issued!, seller_nip: "5265877635" }, null)))).toEqual({ valid: true });
    const forbidden = await validateFa3Xml(
      buildFa3Xml(fa3InvoiceOf({ ...issued!, seller_nip: "5265877635", buyer_name: typed.buyerName }, null)),
    );
    expect(forbidden.valid).toBe(false);
  });

  it("lets the operator issue one for a buyer typed in, lists it by month and writes the accountant's CSV", async () => {
    const refused = await issueByOperator(db, orderId, form({ buyerName: "", buyerAddress: "ul. A 1", nip: "12" }), "op@example.com", PAID);
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      errors: { buyerName: "Wymagane pole", nip: expect.stringContaining("10 cyfr") },
    });
    const issued = await issueByOperator(
      db,
      orderId,
      form({ buyerName: 'Firma; "Kowalski"', buyerAddress: "ul. A 1", nip: "PL5260250274" }),
      "op@example.com",
      PAID,
    );
    expect(issued.ok && issued.invoice.number).toBe("FV/2026/11/0001");
    expect(await listInvoices(db, "2026-12")).toEqual([]);
    const rows = await listInvoices(db, "2026-11");
    const csv = invoicesCsv(rows, false);
    expect(csv.startsWith("\uFEFFNumer;Rodzaj;Data wystawienia")).toBe(true);
    expect(csv).toContain(
      `"=""FV/2026/11/0001""";faktura;2026-11-24;2026-11-24;;"=""AE-2026-000001""";"Firma; ""Kowalski""";ul. A 1;"=""526-025-02-74""";`,
    );
    expect(csv).toContain(`;23%;"243,09";"55,91";"299,00";PLN;;;do wysłania do KSeF ręcznie\r\n`);
  });
});

describe.each(DIALECTS)("asking for an invoice after a cancellation, on %s", (dialect) => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
  });
  afterEach(() => db.destroy());
  const CANCELLED = new Date("2026-11-26T10:00:00Z");
  const BUYER = { buyerName: "Олена Шевченко", buyerAddress: "ul. Długa 5/3, 70-001 Szczecin", nip: "" };

  /** A paid order (with the early-start request) that the operator then cancels, money sent back by transfer. */
  async function paidThenCancelled(key: string, retainedGrosze: number | null) {
    const { order } = await placeSampleOrder(db, ORDERED, { idempotencyKey: key, locale: "uk" });
    await applyTransition(db, order.id, { transition: "mark_paid", paidAt: PAID.toISOString() }, "op@example.com", PAID);
    if (retainedGrosze !== null) await withdrawnKeeping(db, order, retainedGrosze, CANCELLED);
    expect(await cancelOrder(db, null, order.id, { reason: "Odstąpienie od umowy" }, "op@example.com", CANCELLED)).toEqual({ ok: true });
    return order;
  }

  it("after a partial withdrawal (art. 35) lets the customer ask for an invoice for the amount kept, before and after the rest goes back", async () => {
    const order = await paidThenCancelled("partial", 12_050);
    expect(await customerInvoiceView(db, order.payment_token, CANCELLED)).toMatchObject({ mayAsk: true, refusal: null, requested: false });
    expect(await recordRefund(db, order.id, 17_850, "przelew zwrotny", "op@example.com", CANCELLED)).toEqual({ ok: true });
    expect(await customerInvoiceView(db, order.payment_token, CANCELLED)).toMatchObject({ mayAsk: true, refusal: null });
    expect(await askForInvoice(db, order.payment_token, form(BUYER), CANCELLED)).toEqual({ ok: true });
    const [invoice, ...more] = await db.selectFrom("invoices").selectAll().where("order_id", "=", order.id).execute();
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({
      kind: "invoice",
      gross_grosze: 12_050,
      net_grosze: 9_797,
      vat_grosze: 2_253,
      buyer_name: BUYER.buyerName,
    });
    // The usual three months from the end of the month of payment.
    expect(await customerInvoiceView(db, order.payment_token, CANCELLED)).toMatchObject({ lastDay: "2027-02-28" });
  });

  it("refuses only when the whole payment went back, and says so", async () => {
    const order = await paidThenCancelled("full", null);
    await recordRefund(db, order.id, 29_900, "przelew zwrotny", "op@example.com", CANCELLED);
    const view = await customerInvoiceView(db, order.payment_token, CANCELLED);
    expect(view).toMatchObject({ mayAsk: false, refusal: "refunded", requested: false, invoices: [] });
    expect(await askForInvoice(db, order.payment_token, form(BUYER), CANCELLED)).toMatchObject({
      ok: false,
      status: 409,
      errors: { form: "invoice:panel.refunded" },
      values: BUYER,
    });
    expect(fixedT("pl", "invoice")("panel.refunded")).toBe(
      "Zamówienie jest anulowane, a cała wpłata została zwrócona, więc nie wystawiamy do niego faktury.",
    );
    expect(await db.selectFrom("invoices").select("id").execute()).toEqual([]);
  });

  it("never shows a request as waiting beside a refusal: an order cancelled unpaid refuses, and is not 'requested'", async () => {
    const { order } = await placeSampleOrder(db, ORDERED, { idempotencyKey: "unpaid", details: { invoice: { ...BUYER, nip: null } } });
    expect(await customerInvoiceView(db, order.payment_token, ORDERED)).toMatchObject({ requested: true, refusal: null, mayAsk: false });
    await applyTransition(db, order.id, { transition: "cancel", reason: "unpaid" }, "system", CANCELLED);
    expect(await customerInvoiceView(db, order.payment_token, CANCELLED)).toMatchObject({
      requested: false,
      refusal: "cancelled",
      mayAsk: false,
    });
  });
});
