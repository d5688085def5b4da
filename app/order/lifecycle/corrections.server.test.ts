import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { DIALECTS, migratedTarget } from "../../../tests/support/test-databases";
import { placeSampleOrder } from "../../../tests/support/sample-order";
import { correctionFromForm } from "~/admin/correction-form.server";
import { applyTransition, recordRefund } from "~/flows/transitions.server";
import { addNote, correctCustomerData, correctTracking, notesOf, resendMessage } from "./corrections.server";
import { listOrders, parseOrderFilter } from "~/admin/order-list.server";
import { deliveryLabel, postalPartsOf } from "~/shipping/delivery-label";
import { findOrderDetail } from "~/admin/order-detail.server";
import { enqueueMessages } from "~/outbox/outbox.server";

const T0 = new Date("2026-11-23T09:00:00Z");
const T1 = new Date("2026-11-25T09:00:00Z");
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe.each(DIALECTS)("corrections on %s", (dialect) => {
  let db: AppDatabase;
  let orderId: number;
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
    orderId = (await placeSampleOrder(db, T0)).order.id;
  });
  afterEach(() => db.destroy());

  const orderRow = () => db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
  const events = async () =>
    (
      await db
        .selectFrom("order_events")
        .select(["operator", "from_status", "to_status", "details"])
        .where("order_id", "=", orderId)
        .orderBy("id")
        .execute()
    ).map((e) => ({ ...e, details: JSON.parse(e.details ?? "{}") }));
  const message = (kind: string) =>
    db
      .selectFrom("outbox")
      .selectAll()
      .where("order_id", "=", orderId)
      .where("kind", "=", kind as never)
      .executeTakeFirst();
  const customer = {
    tenantName: "Jan Kowalski",
    email: "jan@example.com",
    phone: "600100200",
    mailing: { street: "ul. Krótka 1", postalCode: "00-001", city: "Warszawa" },
    property: { street: "ul. Długa 5/3", postalCode: "70-001", city: "Szczecin" },
    landlordName: null,
  };
  /** The customer data form as the operator sends it. */
  const customerForm = {
    tenantName: "Jan Kowalski",
    email: "jan@example.com",
    phone: "600100200",
    mailingStreet: "ul. Krótka 1",
    mailingPostalCode: "00-001",
    mailingCity: "Warszawa",
    propertyStreet: "ul. Długa 5/3",
    propertyPostalCode: "70-001",
    propertyCity: "Szczecin",
  };

  it("corrects the customer's data with before, after and reason, keeps the agreement, refreshes the search and tells the customer", async () => {
    const before = await orderRow();
    const result = await correctCustomerData(
      db,
      orderId,
      { ...customer, tenantName: "Jan Kowalsky", mailing: { ...customer.mailing, street: "ul. Krótka 11" } },
      "Literówka zgłoszona telefonicznie",
      "op@example.com",
      T1,
    );
    expect(result).toEqual({ ok: true });
    const after = await orderRow();
    expect(after).toMatchObject({
      tenant_name: "Jan Kowalsky",
      mailing_address: "ul. Krótka 11, 00-001 Warszawa",
      mailing_street: "ul. Krótka 11",
      mailing_postal_code: "00-001",
      mailing_city: "Warszawa",
      status: "awaiting_payment",
      contract_text: before.contract_text,
    });
    expect(await events()).toEqual([
      {
        operator: "op@example.com",
        from_status: "awaiting_payment",
        to_status: "awaiting_payment",
        details: {
          action: "customer_data",
          reason: "Literówka zgłoszona telefonicznie",
          before: { tenantName: "Jan Kowalski", mailingAddress: "ul. Krótka 1, 00-001 Warszawa" },
          after: { tenantName: "Jan Kowalsky", mailingAddress: "ul. Krótka 11, 00-001 Warszawa" },
        },
      },
    ]);
    expect(JSON.parse((await message("details_corrected"))!.data!)).toEqual({ fields: ["tenantName", "mailingAddress"] });
    expect((await listOrders(db, parseOrderFilter(new URL("http://x/admin?q=kowalsky")))).rows).toHaveLength(1);
    expect(
      await correctCustomerData(
        db,
        orderId,
        { ...customer, tenantName: "Jan Kowalsky", mailing: { ...customer.mailing, street: "ul. Krótka 11" } },
        "x",
        "op",
        T1,
      ),
    ).toEqual({ ok: false, reason: "unchanged" });
  });

  it("corrects a tracking number only after dispatch, and sends the right one again", async () => {
    expect(await correctTracking(db, orderId, { trackingNumber: "RR2PL", courier: null }, "op", T1)).toEqual({
      ok: false,
      reason: "not-allowed",
    });
    await applyTransition(db, orderId, { transition: "mark_paid", paidAt: "2026-11-24" }, "op", T0);
    await applyTransition(db, orderId, { transition: "mark_dispatched", trackingNumber: "RR1PL", courier: "InPost" }, "op", T0);
    expect(await correctTracking(db, orderId, { trackingNumber: "RR2PL", courier: "InPost" }, "op", T1)).toEqual({ ok: true });
    expect(await orderRow()).toMatchObject({ status: "dispatched", tracking_number: "RR2PL" });
    expect((await events()).at(-1)!.details).toEqual({
      action: "tracking",
      before: { trackingNumber: "RR1PL", courier: "InPost" },
      after: { trackingNumber: "RR2PL", courier: "InPost" },
    });
    expect(await message("tracking_corrected")).toMatchObject({ status: "pending" });
  });

  it("reopens an order the deadline cancelled when the money arrives after all, with the amount received; never one an operator cancelled", async () => {
    await db
      .updateTable("orders")
      .set({ status: "cancelled", cancel_reason: "unpaid", cancelled_at: T1.toISOString() })
      .where("id", "=", orderId)
      .execute();
    expect(
      await applyTransition(
        db,
        orderId,
        { transition: "reopen", paidAt: "2026-11-25", receivedGrosze: 29900, consentAt: "2026-11-25", consentHow: "e-mail" },
        "op",
        T1,
      ),
    ).toEqual({
      ok: true,
      from: "cancelled",
      to: "paid",
    });
    expect(await orderRow()).toMatchObject({
      status: "paid",
      paid_at: "2026-11-25",
      received_grosze: 29900,
      cancel_reason: null,
      cancelled_at: null,
    });
    expect(await message("order_reopened")).toMatchObject({ status: "pending" });
    await applyTransition(db, orderId, { transition: "cancel", reason: "Klient zrezygnował", reasonCode: "own" }, "op", T1);
    expect(
      await applyTransition(
        db,
        orderId,
        { transition: "reopen", paidAt: "2026-11-25", consentAt: "2026-11-25", consentHow: "e-mail" },
        "op",
        T1,
      ),
    ).toMatchObject({
      ok: false,
      reason: "not-allowed",
    });
  });

  it("records a refund made by transfer once, with the amount, and tells the customer", async () => {
    expect(await recordRefund(db, orderId, 29900, "x", "op", T1)).toEqual({ ok: false, reason: "not-allowed" });
    await applyTransition(db, orderId, { transition: "mark_paid", paidAt: "2026-11-24" }, "op", T0);
    await applyTransition(db, orderId, { transition: "cancel", reason: "Na prośbę klienta", reasonCode: "customer_request" }, "op", T0);
    expect(await recordRefund(db, orderId, 25000, "Zwrot pomniejszony o koszty", "op", T1)).toEqual({ ok: true });
    expect(await orderRow()).toMatchObject({ refunded_grosze: 25000, refunded_at: T1.toISOString() });
    expect(JSON.parse((await message("refund_recorded"))!.data!)).toEqual({ refundedGrosze: 25000 });
    expect(await recordRefund(db, orderId, 100, "again", "op", T1)).toEqual({ ok: false, reason: "not-allowed" });
  });

  it("keeps internal notes and sends any sent e-mail again under a new Message-ID counter", async () => {
    await addNote(db, orderId, "Klient prosi o kontakt po 16:00", "op@example.com", T1);
    expect(await notesOf(db, orderId)).toEqual([
      { operator: "op@example.com", text: "Klient prosi o kontakt po 16:00", at: T1.toISOString() },
    ]);
    expect(await resendMessage(db, orderId, "order_confirmation", "op", T1)).toEqual({ ok: false, reason: "not-allowed" });
    await db
      .updateTable("outbox")
      .set({ status: "sent", sent_at: T0.toISOString(), attempts: 1 })
      .where("order_id", "=", orderId)
      .where("kind", "=", "order_confirmation")
      .execute();
    expect(await resendMessage(db, orderId, "order_confirmation", "op", T1)).toEqual({ ok: true });
    expect(await message("order_confirmation")).toMatchObject({ status: "pending", resent: 1, next_attempt_at: T1.toISOString() });
    expect((await events()).at(-1)!.details).toEqual({ action: "resend", kind: "order_confirmation" });
  });

  it("sends again only what the order's status still makes true, and shows the resent message as queued, not failing", async () => {
    await enqueueMessages(db, orderId, ["payment_reminder"], T0, null);
    await applyTransition(db, orderId, { transition: "mark_paid", paidAt: "2026-11-24" }, "op", T0);
    await db
      .updateTable("outbox")
      .set({ status: "sent", sent_at: T0.toISOString(), attempts: 1 })
      .where("order_id", "=", orderId)
      .execute();
    // Paid: asking to pay again, or "we have restored it", would mislead.
    expect(await resendMessage(db, orderId, "payment_reminder", "op", T1)).toEqual({ ok: false, reason: "not-current" });
    expect(await correctionFromForm(db, orderId, "resend", form({ kind: "payment_reminder" }), "op", T1)).toMatchObject({
      ok: false,
      status: 409,
      refusal: { errors: { form: expect.stringContaining("przeczy jej obecny stan zamówienia") } },
    });
    expect(await resendMessage(db, orderId, "order_paid", "op", T1)).toEqual({ ok: true });
    expect(await resendMessage(db, orderId, "order_confirmation", "op", T1)).toEqual({ ok: true });
    const detail = await findOrderDetail(db, orderId);
    expect(detail!.messages.map((message) => [message.kind, message.state])).toEqual([
      ["order_confirmation", "queued"],
      ["operator_new_order", "sent"],
      ["payment_reminder", "sent"],
      ["order_paid", "queued"],
    ]);
    await applyTransition(db, orderId, { transition: "cancel", reason: "x", reasonCode: "own" }, "op", T1);
    await db.updateTable("outbox").set({ status: "sent" }).where("order_id", "=", orderId).execute();
    expect(await resendMessage(db, orderId, "order_paid", "op", T1)).toEqual({ ok: false, reason: "not-current" });
    expect(await resendMessage(db, orderId, "order_confirmation", "op", T1)).toEqual({ ok: false, reason: "not-current" });
    expect(await resendMessage(db, orderId, "order_cancelled", "op", T1)).toEqual({ ok: true });
  });

  it("refuses bad input by the customer form's own rules, with its Polish messages and the typed values, changing nothing", async () => {
    const refused = await correctionFromForm(
      db,
      orderId,
      "customer_data",
      form({ ...customerForm, tenantName: "Іван Петренко", email: "nie-email", phone: "12", mailingPostalCode: "0059", reason: "" }),
      "op",
      T1,
    );
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      refusal: {
        errors: {
          tenantName: expect.stringContaining("literami łacińskimi"),
          email: "Nieprawidłowy adres e-mail",
          phone: "Nieprawidłowy numer telefonu",
          mailingPostalCode: "Podaj kod pocztowy w formacie NN-NNN, np. 70-001",
          reason: expect.stringContaining("powód"),
        },
        values: { email: "nie-email", mailingPostalCode: "0059" },
      },
    });
    // The postcode the testers saw printed on a label: refused, or read as the form reads it, never stored as typed.
    const typed = await correctionFromForm(
      db,
      orderId,
      "customer_data",
      form({ ...customerForm, mailingPostalCode: "00590", reason: "x" }),
      "op",
      T1,
    );
    const stored = await orderRow();
    if (typed.ok) expect(stored.mailing_postal_code).toBe("00-590");
    else expect(stored.mailing_postal_code).not.toBe("00590");
    expect(stored.mailing_address).not.toContain("00590");
    expect(await correctionFromForm(db, orderId, "record_refund", form({ refundAmount: "dużo", reason: "x" }), "op", T1)).toMatchObject({
      ok: false,
      status: 400,
      refusal: { errors: { refundAmount: expect.any(String) } },
    });
    expect(await correctionFromForm(db, orderId, "note", form({ note: "a\u202eb" }), "op", T1)).toMatchObject({ ok: false, status: 400 });
    if (!typed.ok) expect(await events()).toEqual([]);
  });

  it("corrects an order waiting for its flat's address without the flat's fields, which stay the customer's to give", async () => {
    const { order: waiting } = await placeSampleOrder(db, T0, {
      details: { propertyAddress: "", addressLater: true },
      idempotencyKey: "address-later",
    });
    const { propertyStreet: _street, propertyPostalCode: _postalCode, propertyCity: _city, ...withoutFlat } = customerForm;
    expect(
      await correctionFromForm(
        db,
        waiting.id,
        "customer_data",
        form({ ...withoutFlat, phone: "600100300", reason: "Nowy numer" }),
        "op",
        T1,
      ),
    ).toEqual({ ok: true, intent: "customer_data" });
    const after = await db.selectFrom("orders").selectAll().where("id", "=", waiting.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ phone: "600100300", address_pending: 1, property_address: "", property_street: waiting.property_street });
    // Flat's fields posted anyway (a form opened before, or typed by hand) are not the operator's to set here.
    await correctionFromForm(
      db,
      waiting.id,
      "customer_data",
      form({ ...customerForm, phone: "600100400", propertyStreet: "ul. Obca 1", reason: "Jeszcze raz" }),
      "op",
      T1,
    );
    expect(await db.selectFrom("orders").selectAll().where("id", "=", waiting.id).executeTakeFirstOrThrow()).toMatchObject({
      phone: "600100400",
      address_pending: 1,
      property_address: "",
    });
  });

  it("saves a corrected address as its parts, which the label prints; an API order's one line is split for the form", async () => {
    const before = await orderRow();
    expect(postalPartsOf(before, "mailing")).toEqual({ street: "ul. Krótka 1", postalCode: "00-001", city: "Warszawa" });
    expect(
      await correctionFromForm(
        db,
        orderId,
        "customer_data",
        form({ ...customerForm, mailingStreet: "ul. Nowa 2 m. 3", mailingPostalCode: "00-590", reason: "Klient się przeprowadził" }),
        "op",
        T1,
      ),
    ).toEqual({ ok: true, intent: "customer_data" });
    const after = await orderRow();
    expect(deliveryLabel(after)).toBe("Jan Kowalski\nul. Nowa 2 m. 3\n00-590 Warszawa");
    expect((await events()).at(-1)!.details).toMatchObject({
      before: { mailingAddress: "ul. Krótka 1, 00-001 Warszawa" },
      after: { mailingAddress: "ul. Nowa 2 m. 3, 00-590 Warszawa" },
    });
  });
});
