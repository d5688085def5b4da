import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { customerDataPdf } from "./customer-data-pdf.server";
import { documentsOnThisThread } from "~/jobs/document-thread.server";
import { pdfTextOf } from "../../tests/support/pdf-text";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { applyTransition } from "~/flows/transitions.server";
import { addNote } from "~/order/lifecycle/corrections.server";
import { customerDataExport } from "./customer-data-export.server";
import { eraseCustomerData, findCustomer, findCustomerOrders, phoneKey, recordExport } from "./customer-data.server";
import { operatorEventsOf } from "./operator-audit.server";
import { REMOVED } from "~/order/lifecycle/anonymisation.server";
import { postContactMessage, postCustomerMessage, postOperatorAnswer } from "~/messages/conversation.server";
import { conversationIdOfOrder } from "~/messages/inbox.server";

const ORDERED = new Date("2026-11-23T09:00:00Z");
/** What the erasure form gives: a category of legal ground and the request's own reference (decision 060), no free text. */
const REQUEST = { category: "erasure_request", reference: "RODO/2026/014" } as const;
const at = (days: number) => new Date(ORDERED.getTime() + days * 86_400_000);

describe("phoneKey", () => {
  it("gives the same digits for every common spelling of one number, and keeps other numbers apart", () => {
    expect(new Set(["600100200", "+48 600 100 200", "(48) 600-100-200", "0048600100200".slice(2)].map(phoneKey))).toEqual(
      new Set(["600100200"]),
    );
    expect(phoneKey("600100201")).not.toBe(phoneKey("600100200"));
  });
});

describe.each(DIALECTS)("a customer's data on %s", (dialect) => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
  });
  afterEach(() => db.destroy());

  /** Jan's first order (dispatched), his second under the same e-mail in capitals and the phone written otherwise, and a stranger's. */
  async function threeOrders() {
    const first = (await placeSampleOrder(db, ORDERED, { idempotencyKey: "a" })).order;
    const second = (
      await placeSampleOrder(db, at(1), { idempotencyKey: "b", details: { email: "JAN@Example.com", phone: "+48 600 100 200" } })
    ).order;
    const stranger = (
      await placeSampleOrder(db, at(2), {
        idempotencyKey: "c",
        details: { tenantName: "Anna Nowak", email: "anna@example.com", phone: "700800900" },
      })
    ).order;
    await applyTransition(db, first.id, { transition: "mark_paid", paidAt: "2026-11-24" }, "op@adres.test", at(1));
    await applyTransition(db, first.id, { transition: "mark_dispatched", trackingNumber: "RR1PL", courier: null }, "op@adres.test", at(2));
    await addNote(db, first.id, "Dzwonił Jan Kowalski w sprawie adresu.", "op@adres.test", at(2));
    return { first, second, stranger };
  }

  /** Cancelled at the customer's request: no longer in progress, so its data may be erased. */
  const cancelled = (orderId: number, when: Date) =>
    applyTransition(
      db,
      orderId,
      { transition: "cancel", reasonCode: "customer_request", reason: "Na prośbę klienta" },
      "op@adres.test",
      when,
    );
  const customerOf = async (orderId: number, confirmed: number[] = []) => {
    const customer = await findCustomer(db, orderId, confirmed);
    if (!customer) throw new Error(`no order ${orderId}`);
    return customer;
  };
  const ids = (orders: Array<{ id: number }>) => orders.map((order) => order.id);

  it("finds the customer by a folded name, and groups the orders by the e-mail, without case, not a stranger's", async () => {
    const { first, second, stranger } = await threeOrders();
    expect((await findCustomerOrders(db, "KOWALSKI")).map((row) => row.id).sort()).toEqual([first.id, second.id].sort());
    expect(ids((await customerOf(second.id)).orders)).toEqual([first.id, second.id]);
    expect(await customerOf(second.id)).toMatchObject({ email: "JAN@Example.com", phoneOnly: [], confirmedByHand: [] });
    expect(ids((await customerOf(stranger.id)).orders)).toEqual([stranger.id]);
    expect(await findCustomer(db, 999_999)).toBeNull();
  });

  it("keeps an order that shares only a phone apart: never exported or erased unless confirmed by hand, and then audited as such", async () => {
    const { stranger } = await threeOrders();
    // Piotr types Anna's phone (written otherwise) into his own order, then asks for "his" data and its erasure.
    const piotr = (
      await placeSampleOrder(db, at(3), {
        idempotencyKey: "d",
        details: { tenantName: "Piotr Zięba", email: "piotr@example.com", phone: "+48 700-800-900" },
      })
    ).order;
    await cancelled(stranger.id, at(4));
    await cancelled(piotr.id, at(4));

    const piotrs = await customerOf(piotr.id);
    expect(ids(piotrs.orders)).toEqual([piotr.id]);
    expect(ids(piotrs.phoneOnly)).toEqual([stranger.id]);
    const exported = await customerDataExport(db, piotrs, { now: at(5), operatorEmail: "op@adres.test" });
    expect(JSON.stringify(exported)).not.toContain("Anna Nowak");
    expect(await eraseCustomerData(db, piotrs, { operator: "op@adres.test", ...REQUEST, ip: "10.0.0.1" }, at(5))).toEqual({
      ok: true,
      erased: [piotr.number],
    });
    const anna = await db
      .selectFrom("orders")
      .select(["tenant_name", "anonymised_at"])
      .where("id", "=", stranger.id)
      .executeTakeFirstOrThrow();
    expect(anna).toEqual({ tenant_name: "Anna Nowak", anonymised_at: null });

    // Seen from Anna's side, Piotr's order is gone from her phone's matches once erased; an id that is no phone-only match is ignored.
    const annas = await customerOf(stranger.id, [piotr.id, 999_999]);
    expect(annas).toMatchObject({ phoneOnly: [], confirmedByHand: [] });

    // Confirmed by hand, one by one, a phone-only order joins the export and the erasure, and the audit names it apart.
    const other = (
      await placeSampleOrder(db, at(6), { idempotencyKey: "e", details: { email: "anna.nowak@example.com", phone: "700800900" } })
    ).order;
    await cancelled(other.id, at(6));
    expect(ids((await customerOf(stranger.id)).phoneOnly)).toEqual([other.id]);
    const confirmed = await customerOf(stranger.id, [other.id]);
    expect(confirmed).toMatchObject({ phoneOnly: [], confirmedByHand: [other.number] });
    expect(ids(confirmed.orders)).toEqual([stranger.id, other.id]);
    await recordExport(db, "op@adres.test", confirmed, "json", "10.0.0.1", at(7));
    expect(await eraseCustomerData(db, confirmed, { operator: "op@adres.test", ...REQUEST, ip: "10.0.0.1" }, at(7))).toEqual({
      ok: true,
      erased: [stranger.number, other.number],
    });
    expect((await operatorEventsOf(db, "op@adres.test")).slice(-2).map((event) => JSON.parse(event.details!))).toEqual([
      { orders: [stranger.number, other.number], format: "json", confirmedByHand: [other.number] },
      { orders: [stranger.number, other.number], ...REQUEST, confirmedByHand: [other.number] },
    ]);
  });

  it("exports every order with what was declared, the messages, history and notes, as JSON and as a Polish PDF, and audits the export", async () => {
    const { first } = await threeOrders();
    const customer = await customerOf(first.id);
    const { orders } = customer;
    const data = await customerDataExport(db, customer, { now: at(3), operatorEmail: "op@adres.test" });
    expect(data.orders.map((order) => order.number)).toEqual(orders.map((order) => order.number));
    const [dispatched] = data.orders;
    expect(dispatched).toMatchObject({
      status: "dispatched",
      person: { tenantName: "Jan Kowalski", email: "jan@example.com", phone: "600100200" },
      declarations: { dataProcessingAcknowledgedAt: ORDERED.toISOString(), termsAcceptedAt: ORDERED.toISOString() },
      delivery: { trackingNumber: "RR1PL" },
      notes: [{ text: "Dzwonił Jan Kowalski w sprawie adresu." }],
    });
    expect(dispatched!.agreement.text.length).toBeGreaterThan(100);
    expect(dispatched!.messages.map((message) => message.kind)).toEqual(
      expect.arrayContaining(["order_confirmation", "order_paid", "order_dispatched"]),
    );
    expect(dispatched!.history.map((event) => event.to)).toEqual(["paid", "dispatched"]);
    // Structured and machine-readable: it survives a JSON round trip unchanged.
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);

    const text = await pdfTextOf(await customerDataPdf(documentsOnThisThread, data));
    expect(text).toContain("Kopia Twoich danych osobowych");
    for (const order of data.orders) expect(text).toContain(`Zamówienie ${order.number}`);
    expect(text).toContain("E-mail: jan@example.com");
    expect(text).toContain("Przyjęcie do wiadomości informacji o przetwarzaniu danych osobowych: 23 lis 2026, 10:00");
    expect(text).toContain("Numer przesyłki: RR1PL");

    await recordExport(db, "op@adres.test", customer, "pdf", "10.0.0.1", at(3));
    expect(await operatorEventsOf(db, "op@adres.test")).toEqual([
      {
        action: "customer_data_exported",
        ip: "10.0.0.1",
        details: JSON.stringify({ orders: data.orders.map((order) => order.number), format: "pdf" }),
        at: at(3).toISOString(),
      },
    ]);
  });

  it("erases at once as retention does, keeping number, amounts and dates, with the request's category and reference in the audit; refuses while an order is in progress", async () => {
    const { first, second, stranger } = await threeOrders();
    const request = { operator: "op@adres.test", ...REQUEST, ip: "10.0.0.1" };
    const refused = await eraseCustomerData(db, await customerOf(first.id), request, at(3));
    expect(refused).toEqual({ ok: false, reason: "in-progress", orders: [second.number] });
    expect(
      (await db.selectFrom("orders").select("anonymised_at").where("id", "=", first.id).executeTakeFirstOrThrow()).anonymised_at,
    ).toBeNull();

    await cancelled(second.id, at(3));
    const before = await db.selectFrom("orders").selectAll().where("id", "=", first.id).executeTakeFirstOrThrow();
    expect(await eraseCustomerData(db, await customerOf(first.id), request, at(4))).toEqual({
      ok: true,
      erased: [first.number, second.number],
    });
    const after = await db.selectFrom("orders").selectAll().where("id", "=", first.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({
      number: before.number,
      price_grosze: before.price_grosze,
      received_grosze: before.received_grosze,
      created_at: before.created_at,
      paid_at: before.paid_at,
      dispatched_at: before.dispatched_at,
      status: "dispatched",
      tenant_name: REMOVED,
      email: REMOVED,
      phone: REMOVED,
      property_address: REMOVED,
      contract_text: REMOVED,
      anonymised_at: at(4).toISOString(),
    });
    expect(await findCustomerOrders(db, "Kowalski")).toEqual([]);
    expect((await db.selectFrom("order_notes").select("text").execute()).map((note) => note.text)).toEqual([REMOVED]);
    const strangersOrder = await db.selectFrom("orders").selectAll().where("id", "=", stranger.id).executeTakeFirstOrThrow();
    expect(strangersOrder).toMatchObject({ tenant_name: "Anna Nowak", anonymised_at: null });
    const erasure = await db
      .selectFrom("order_events")
      .select(["operator", "details"])
      .where("order_id", "=", first.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(erasure).toEqual({
      operator: "op@adres.test",
      details: JSON.stringify({ action: "erasure_on_request", ...REQUEST }),
    });
    expect(await operatorEventsOf(db, "op@adres.test")).toEqual([
      expect.objectContaining({
        action: "customer_data_erased",
        details: JSON.stringify({ orders: [first.number, second.number], ...REQUEST }),
      }),
    ]);
  });
  it("erases the customer's conversations with the orders: texts gone and dates kept, their contact page threads too, an unsent answer not sent", async () => {
    const { first, second, stranger } = await threeOrders();
    await cancelled(second.id, at(3));
    await postCustomerMessage(db, { token: first.payment_token, text: "Jan Kowalski pyta o list", now: at(3) });
    const conversationId = (await conversationIdOfOrder(db, first.id))!;
    await postOperatorAnswer(db, { conversationId, operator: "op@adres.test", text: "Panie Janie, list wyszedł.", now: at(3.5) });
    await postContactMessage(db, { name: "Jan", email: " jan@EXAMPLE.com", text: "Jan z formularza", locale: "pl", now: at(3) });
    await postCustomerMessage(db, { token: stranger.payment_token, text: "Pytanie Anny", now: at(3) });
    await postContactMessage(db, { name: "Anna", email: "anna@example.com", text: "Anna z formularza", locale: "pl", now: at(3) });

    const request = { operator: "op@adres.test", ...REQUEST, ip: "10.0.0.1" };
    expect(await eraseCustomerData(db, await customerOf(first.id), request, at(4))).toMatchObject({ ok: true });
    const messages = await db.selectFrom("conversation_messages").select(["body", "created_at", "erased_at"]).orderBy("id").execute();
    expect(messages).toEqual([
      { body: null, created_at: at(3).toISOString(), erased_at: at(4).toISOString() },
      { body: null, created_at: at(3.5).toISOString(), erased_at: at(4).toISOString() },
      { body: null, created_at: at(3).toISOString(), erased_at: at(4).toISOString() },
      { body: "Pytanie Anny", created_at: at(3).toISOString(), erased_at: null },
      { body: "Anna z formularza", created_at: at(3).toISOString(), erased_at: null },
    ]);
    const contactThreads = await db
      .selectFrom("conversations")
      .select(["contact_name", "contact_email", "erased_at"])
      .where("order_id", "is", null)
      .orderBy("id")
      .execute();
    expect(contactThreads).toEqual([
      { contact_name: null, contact_email: null, erased_at: at(4).toISOString() },
      { contact_name: "Anna", contact_email: "anna@example.com", erased_at: null },
    ]);
    const answerMail = await db.selectFrom("outbox").select("status").where("kind", "=", "conversation_answer").executeTakeFirstOrThrow();
    expect(answerMail.status).toBe("failed");
    // The export of the erased customer keeps the thread's dates, without its texts.
    const data = await customerDataExport(db, await customerOf(first.id), { now: at(5), operatorEmail: "op@adres.test" });
    expect(data.orders[0]!.conversation!.messages).toEqual([
      { at: at(3).toISOString(), author: "customer", text: null, erasedAt: at(4).toISOString() },
      { at: at(3.5).toISOString(), author: "operator", text: null, erasedAt: at(4).toISOString() },
    ]);
    const text = await pdfTextOf(await customerDataPdf(documentsOnThisThread, data));
    expect(text).toContain("Ty: (treść usunięta");
  });
});
