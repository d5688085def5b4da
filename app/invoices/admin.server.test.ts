import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyTransition } from "~/flows/transitions.server";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { invoicesCsv, invoicesOfOrder, ksefOfListRow, listInvoices } from "./admin.server";

const ORDERED = new Date("2026-11-23T09:00:00Z");
const PAID = new Date("2026-11-24T10:00:00Z");
const BUSINESS = { buyerName: "Kowalski & Syn sp. j.", buyerAddress: "ul. Krzywa 2/4, 60-001 Poznań", nip: "7791011327" };
const CONSUMER = { buyerName: "Jan Kowalski", buyerAddress: "ul. Krótka 1, 00-001 Warszawa", nip: null };
const KSEF_NUMBER = "5265877635-20261124-0123456789AB-CD";

describe.each(DIALECTS)("the month's invoices and the accountant's CSV on %s", (dialect) => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
  });
  afterEach(() => db.destroy());

  async function paidOrderAsking(key: string, invoice: typeof BUSINESS | typeof CONSUMER) {
    const { order } = await placeSampleOrder(db, ORDERED, { idempotencyKey: key, details: { invoice } });
    await applyTransition(db, order.id, { transition: "mark_paid", paidAt: PAID.toISOString() }, "op@example.com", PAID);
    return order.id;
  }

  it("show the KSeF number where the order page shows it, and each invoice's KSeF state in the order page's words", async () => {
    const accepted = await paidOrderAsking("accepted", BUSINESS);
    const waiting = await paidOrderAsking("waiting", BUSINESS);
    await paidOrderAsking("consumer", CONSUMER);
    // What the KSeF lane writes once KSeF has numbered one invoice and taken the other.
    const numberOf = async (orderId: number) => (await invoicesOfOrder(db, orderId)).invoices[0]!.number;
    await db
      .updateTable("ksef_submissions")
      .set({ status: "accepted", ksef_number: KSEF_NUMBER, error: null })
      .where("invoice_number", "=", await numberOf(accepted))
      .execute();
    await db
      .updateTable("ksef_submissions")
      .set({ status: "sent", error: null })
      .where("invoice_number", "=", await numberOf(waiting))
      .execute();

    const orderPage = (await invoicesOfOrder(db, accepted)).ksef[await numberOf(accepted)];
    expect(orderPage?.label).toBe(`przyjęta w KSeF, numer ${KSEF_NUMBER}`);
    const rows = await listInvoices(db, "2026-11");
    const listed = new Map(rows.map((row) => [row.order_id, ksefOfListRow(row, true)?.label ?? null]));
    expect(listed.get(accepted)).toBe(orderPage?.label);
    expect(listed.get(waiting)).toBe("wysłana do KSeF, czeka na numer KSeF");
    expect([...listed.values()].filter((label) => label === null)).toHaveLength(1);

    const csv = invoicesCsv(rows, true).split("\r\n");
    expect(csv[0]).toMatch(/;Przyczyna korekty;Numer KSeF;KSeF$/);
    expect(csv.filter((row) => row.endsWith(`;"=""${KSEF_NUMBER}""";"przyjęta w KSeF, numer ${KSEF_NUMBER}"`))).toHaveLength(1);
    expect(csv.filter((row) => row.endsWith(';;"wysłana do KSeF, czeka na numer KSeF"'))).toHaveLength(1);
    // The consumer's invoice stays outside KSeF: both cells empty.
    expect(csv.filter((row) => row.endsWith(";PLN;;;"))).toHaveLength(1);
  });

  it("mark an invoice to a NIP buyer without a stored file as one to send by hand while the site does not send", async () => {
    const orderId = await paidOrderAsking("old", BUSINESS);
    // An invoice issued before FA(3) files were kept has no submission at all.
    await db.deleteFrom("ksef_submissions").execute();
    const [row] = await listInvoices(db, null);
    expect(row?.order_id).toBe(orderId);
    expect(ksefOfListRow(row!, false)).toMatchObject({ status: "manual", label: "do wysłania do KSeF ręcznie" });
    expect(ksefOfListRow(row!, true)).toBeNull();
  });
});
