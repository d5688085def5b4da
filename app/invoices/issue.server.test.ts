import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { anonymiseOrder } from "~/order/lifecycle/anonymisation.server";
import { applyTransition, recordRefund } from "~/flows/transitions.server";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { withdrawnKeeping } from "../../tests/support/withdrawal";
import { buildFa3Xml } from "~/ksef/fa3";
import { validateFa3Xml } from "~/ksef/fa3-schema.server";
import { fa3InvoiceOf } from "./ksef-link.server";
import { cancelOrder } from "~/payments/refund.server";
import { correctInvoiceIn, invoiceOfOrder, issueInvoiceIn, type Seller } from "./issue.server";

const ORDERED = new Date("2026-11-23T09:00:00Z");
const PAID = new Date("2026-11-24T10:00:00Z");
const BUYER = { buyerName: "Firma Kowalski sp. z o.o.", buyerAddress: "ul. Polna 2, 70-100 Szczecin", nip: "1234563218" };
const OPERATOR = "op@example.com";

describe.each(DIALECTS)("issuing invoices on %s", (dialect) => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
  });
  afterEach(() => db.destroy());

  const order = async (key: string, invoice: typeof BUYER | null = BUYER) =>
    (await placeSampleOrder(db, ORDERED, { idempotencyKey: key, details: { invoice } })).order.id;
  const pay = (orderId: number, at = PAID) =>
    applyTransition(db, orderId, { transition: "mark_paid", paidAt: at.toISOString() }, OPERATOR, at);
  const invoices = (orderId: number) => db.selectFrom("invoices").selectAll().where("order_id", "=", orderId).orderBy("id").execute();

  it("issues the invoice with the payment, with the fields of art. 106e and 299 PLN split at 23 %", async () => {
    const orderId = await order("a");
    expect(await invoices(orderId)).toEqual([]);
    await pay(orderId);
    const [invoice] = await invoices(orderId);
    expect(invoice).toMatchObject({
      kind: "invoice",
      number: "FV/2026/11/0001",
      issue_date: "2026-11-24",
      payment_date: "2026-11-24",
      buyer_name: BUYER.buyerName,
      buyer_address: BUYER.buyerAddress,
      buyer_nip: "1234563218",
      quantity: 1,
      vat_rate: "23",
      net_grosze: 24_309,
      vat_grosze: 5_591,
      gross_grosze: 29_900,
      currency: "PLN",
      issued_by: OPERATOR,
    });
    expect(invoice?.service_name).toBe(
      "Przygotowanie i dostarczenie oświadczenia właściciela lokalu (art. 19a ust. 2 pkt 3 u.o.p.l.) – oświadczenie zwykłe",
    );
    expect(invoice?.seller_name).toBeTruthy();
    const queued = await db
      .selectFrom("outbox")
      .select(["kind", "data"])
      .where("order_id", "=", orderId)
      .where("kind", "=", "invoice_issued")
      .execute();
    expect(queued).toEqual([{ kind: "invoice_issued", data: JSON.stringify({ invoiceId: invoice!.id }) }]);
  });

  it("issues nothing for an order that did not ask, and nothing before the payment", async () => {
    const without = await order("b", null);
    await pay(without);
    expect(await invoices(without)).toEqual([]);
    const unpaid = await order("c");
    expect(await db.transaction().execute((trx) => issueInvoiceIn(trx, unpaid, { now: PAID, issuedBy: OPERATOR }))).toBeNull();
  });

  it("gives one invoice per order however often issuing is asked for", async () => {
    const orderId = await order("d");
    await pay(orderId);
    const again = await db.transaction().execute((trx) => issueInvoiceIn(trx, orderId, { now: PAID, issuedBy: OPERATOR }));
    expect(again?.number).toBe("FV/2026/11/0001");
    expect(await invoices(orderId)).toHaveLength(1);
  });

  it("starts the numbers again each month, in Warsaw's calendar", async () => {
    const november = await order("e");
    const december = await order("f");
    await pay(november, new Date("2026-11-30T22:30:00Z")); // 23:30 in Warsaw: still November
    await pay(december, new Date("2026-11-30T23:30:00Z")); // 00:30 on 1 December in Warsaw
    expect((await invoices(november))[0]?.number).toBe("FV/2026/11/0001");
    expect((await invoices(december))[0]?.number).toBe("FV/2026/12/0001");
  });

  it("prints an exempt seller's basis and charges no VAT", async () => {
    const orderId = await order("g");
    await db.updateTable("orders").set({ paid_at: PAID.toISOString(), status: "paid" }).where("id", "=", orderId).execute();
    const seller: Seller = {
      name: "Jan Nowak",
      address: "ul. A 1, 70-001 Szczecin",
      nip: "5260250274",
      vat: "zw",
      exemptionBasis: "art. 113 ust. 1",
    };
    const invoice = await db.transaction().execute((trx) => issueInvoiceIn(trx, orderId, { now: PAID, issuedBy: "system", seller }));
    expect(invoice).toMatchObject({ vat_rate: "zw", vat_exemption_basis: "art. 113 ust. 1", net_grosze: 29_900, vat_grosze: 0 });
  });

  it("corrects the invoice when the payment is returned, naming it and leaving it as it was", async () => {
    const orderId = await order("h");
    await pay(orderId);
    const original = await invoiceOfOrder(db, orderId);
    const refunded = new Date("2026-12-02T10:00:00Z");
    await applyTransition(db, orderId, { transition: "cancel", reason: "Na prośbę klienta", refundDueGrosze: 29_900 }, OPERATOR, refunded);
    expect(await invoices(orderId)).toHaveLength(1);
    expect(await recordRefund(db, orderId, 29_900, "przelew zwrotny", OPERATOR, refunded)).toEqual({ ok: true });
    const [kept, correction] = await invoices(orderId);
    expect(kept).toEqual(original);
    expect(correction).toMatchObject({
      kind: "correction",
      number: "KOR/2026/12/0001",
      corrects_id: original!.id,
      reason: "zwrot zapłaty po anulowaniu zamówienia",
      net_grosze: -24_309,
      vat_grosze: -5_591,
      gross_grosze: -29_900,
      buyer_nip: "1234563218",
    });
    const queued = await db
      .selectFrom("outbox")
      .select("kind")
      .where("order_id", "=", orderId)
      .where("kind", "=", "invoice_corrected")
      .execute();
    expect(queued).toHaveLength(1);
    const twice = await db.transaction().execute((trx) => correctInvoiceIn(trx, orderId, "refund", { now: refunded, issuedBy: OPERATOR }));
    expect(twice?.id).toBe(correction!.id);
  });

  it("after a partial withdrawal (art. 35) takes off only what went back: the invoice then stands for the amount kept for the work done", async () => {
    const { order: placed } = await placeSampleOrder(db, ORDERED, { idempotencyKey: "partial", details: { invoice: BUYER } });
    await pay(placed.id);
    const withdrawn = new Date("2026-11-26T10:00:00Z");
    await withdrawnKeeping(db, placed, 12_050, withdrawn);
    expect(await cancelOrder(db, null, placed.id, { reason: "Odstąpienie od umowy" }, OPERATOR, withdrawn)).toEqual({ ok: true });
    expect(await recordRefund(db, placed.id, 17_850, "przelew zwrotny", OPERATOR, withdrawn)).toEqual({ ok: true });
    const [original, correction] = await invoices(placed.id);
    expect(original).toMatchObject({ gross_grosze: 29_900, net_grosze: 24_309, vat_grosze: 5_591 });
    // After it: 120,50 zł split as an invoice of that amount would be (VAT 22,53), so the correction is the difference.
    expect(correction).toMatchObject({
      kind: "correction",
      reason: "zwrot zapłaty po odstąpieniu od umowy",
      gross_grosze: -17_850,
      net_grosze: 9_797 - 24_309,
      vat_grosze: 2_253 - 5_591,
    });
    // Its FA(3) file (here with a seller NIP the schema takes) passes the schema.
    const xml = buildFa3Xml(
      fa3InvoiceOf(
        { ...correction!, seller_nip: "5265877635" },
        { number: original!.number, issueDate: original!.issue_date, ksefNumber: null },
      ),
    );
    expect(xml).toContain("<P_15>-178.50</P_15>");
    expect(await validateFa3Xml(xml)).toEqual({ valid: true });
  });

  it("names a withdrawal as the correction's reason when the customer withdrew", async () => {
    const orderId = await order("i");
    await pay(orderId);
    await db.updateTable("orders").set({ withdrawn_at: PAID.toISOString() }).where("id", "=", orderId).execute();
    await applyTransition(db, orderId, { transition: "cancel", reason: "Odstąpienie", refundedGrosze: 29_900 }, OPERATOR, PAID);
    expect((await invoices(orderId))[1]?.reason).toBe("zwrot zapłaty po odstąpieniu od umowy");
  });

  it("keeps an issued invoice whole when the customer's data is erased", async () => {
    const orderId = await order("j");
    await pay(orderId);
    const before = await invoices(orderId);
    await db.transaction().execute((trx) => anonymiseOrder(trx, orderId, new Date("2027-01-10T10:00:00Z")));
    expect(await invoices(orderId)).toEqual(before);
    const request = await db.selectFrom("invoice_requests").selectAll().where("order_id", "=", orderId).executeTakeFirstOrThrow();
    expect(request).toMatchObject({ buyer_name: "—", buyer_address: "—", buyer_nip: null });
  });
});
