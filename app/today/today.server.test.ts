import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { applyTransition } from "~/flows/transitions.server";
import { recordShipment } from "~/shipping/ship.server";
import { recordWithdrawal } from "~/withdrawal/withdrawal.server";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { uploadStatement } from "../../tests/support/bank-statement-upload";
import { postContactMessage, postCustomerMessage, postOperatorAnswer } from "~/messages/conversation.server";
import { todayClock, todayGroups, type TodayGroup } from "./today.server";

/** Monday 30 November 2026, 11:00 in Warsaw: "tomorrow" is Tuesday 1 December. */
const NOW = new Date("2026-11-30T10:00:00Z");
const BUSINESS = { buyerName: "Kowalski & Syn sp. j.", buyerAddress: "ul. Krzywa 2/4, 60-001 Poznań", nip: "7791011327" };

/** What the operator reads of each group: its key, its count, and per row the number, the link and the deadline. */
const summary = (groups: TodayGroup[]) =>
  groups.map((group) => ({
    key: group.key,
    count: group.rows.length,
    rows: group.rows.map((row) => [row.number, row.href, row.due, row.late]),
  }));

describe.each(DIALECTS)("the day's list on %s", (dialect) => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
  });
  afterEach(() => db.destroy());

  let keys = 0;
  const place = async (at: string, details = {}) =>
    (await placeSampleOrder(db, new Date(at), { idempotencyKey: `k${++keys}`, details })).order;
  const paid = async (at: string, paidAt: string, details = {}) => {
    const order = await place(at, details);
    await applyTransition(db, order.id, { transition: "mark_paid", paidAt }, "op", new Date(`${paidAt}T12:00:00Z`));
    return order;
  };
  const link = (id: number) => `/admin/orders/${id}`;

  it("is empty when nothing is due, and an order to pay next week or a parcel on its way is nothing for today", async () => {
    expect(await todayGroups(db, todayClock(NOW, 7))).toEqual([]);
    // Placed on Wednesday: its last day to pay is 2 December.
    await place("2026-11-25T09:00:00Z");
    const travelling = await paid("2026-11-23T09:00:00Z", "2026-11-23");
    await recordShipment(
      db,
      travelling.id,
      { id: "S1", status: "confirmed", trackingNumber: "620000000000000000000001", reference: null },
      "op",
      new Date("2026-11-27T09:00:00Z"),
    );
    await applyTransition(
      db,
      travelling.id,
      { transition: "mark_dispatched", trackingNumber: "620000000000000000000001", courier: null },
      "op",
      new Date("2026-11-27T09:00:00Z"),
    );
    const groups = await todayGroups(db, todayClock(NOW, 7));
    expect(summary(groups)).toEqual([]);
  });

  it("groups what is due with a count each, every row linking to its order, the group with the nearest deadline first", async () => {
    // The last day to pay is 7 days after the order: today, tomorrow, the day after (not shown), and Friday (passed; not cancelled yet).
    const dueToday = await place("2026-11-23T09:00:00Z");
    const dueTomorrow = await place("2026-11-24T09:00:00Z");
    await place("2026-11-25T09:00:00Z");
    const passed = await place("2026-11-20T09:00:00Z");

    // Paid and waiting: one whose lease starts before the promised delivery (late for it), one with a later lease, one with none.
    const lateForLease = await paid("2026-11-27T09:00:00Z", "2026-11-27");
    const laterLease = await paid("2026-11-27T09:00:00Z", "2026-11-27");
    const noLease = await paid("2026-11-27T09:00:00Z", "2026-11-27");
    await db.updateTable("orders").set({ start_date: "2026-11-30" }).where("id", "=", lateForLease.id).execute();
    await db.updateTable("orders").set({ start_date: "2027-01-15" }).where("id", "=", laterLease.id).execute();

    // A withdrawal without the operator's decision (refund by 12 December), and a statement no order was found for.
    const withdrawn = await paid("2026-11-24T09:00:00Z", "2026-11-24");
    await db.updateTable("orders").set({ withdrawn_at: "2026-11-28T09:00:00.000Z" }).where("id", "=", withdrawn.id).execute();
    await recordWithdrawal(db, {
      values: { name: "Anna Nowak", reference: "AE-2026-999999", email: "anna@example.com" },
      statement: "AE-2026-999999",
      locale: "pl",
      token: null,
      now: new Date("2026-11-27T09:00:00Z"),
    });

    // A parcel InPost sent back.
    const returned = await paid("2026-11-23T09:00:00Z", "2026-11-23");
    const ship = (status: string, at: string) =>
      recordShipment(
        db,
        returned.id,
        { id: "S9", status, trackingNumber: "620000000000000000000009", reference: null },
        "op",
        new Date(at),
      );
    await ship("confirmed", "2026-11-25T09:00:00Z");
    await ship("returned_to_sender", "2026-11-28T09:00:00Z");

    // A business's invoice KSeF refused, and one to send by hand issued long ago (it stays on the invoice list only).
    const invoiced = await paid("2026-11-26T09:00:00Z", "2026-11-26", { invoice: BUSINESS });
    const oldInvoice = await paid("2026-11-02T09:00:00Z", "2026-11-02", { invoice: BUSINESS });
    await db.updateTable("ksef_submissions").set({ status: "rejected", error: "Błąd NIP" }).where("order_id", "=", invoiced.id).execute();
    await db
      .updateTable("ksef_submissions")
      .set({ status: "manual", created_at: "2026-11-02T12:00:00.000Z" })
      .where("order_id", "=", oldInvoice.id)
      .execute();

    // A review waiting for approval, and one decided.
    for (const [order, status] of [
      [returned, "pending"],
      [withdrawn, "approved"],
    ] as const)
      await db
        .insertInto("reviews")
        .values({
          order_id: order.id,
          stars: 5,
          text: "Szybko i sprawnie.",
          display_name: "Ewa",
          city: "Gdańsk",
          consent_at: "2026-11-28T09:00:00.000Z",
          locale: "pl",
          created_at: "2026-11-28T09:00:00.000Z",
          updated_at: "2026-11-28T09:00:00.000Z",
          status,
        })
        .execute();

    const groups = await todayGroups(db, todayClock(NOW, 7));
    expect(summary(groups)).toEqual([
      {
        // Its nearest deadline passed on 5 November: the group comes first.
        key: "dispatch",
        count: 5,
        rows: [
          // Late for its lease (and overdue) on top, the soonest lease first; then the later lease; then by the dispatch date.
          [lateForLease.number, link(lateForLease.id), "2026-12-02", false],
          [oldInvoice.number, link(oldInvoice.id), "2026-11-05", true],
          [laterLease.number, link(laterLease.id), "2026-12-02", false],
          [invoiced.number, link(invoiced.id), "2026-12-01", false],
          [noLease.number, link(noLease.id), "2026-12-02", false],
        ],
      },
      {
        key: "unpaid",
        count: 3,
        rows: [
          [passed.number, link(passed.id), "2026-11-27", true],
          [dueToday.number, link(dueToday.id), "2026-11-30", false],
          [dueTomorrow.number, link(dueTomorrow.id), "2026-12-01", false],
        ],
      },
      {
        key: "withdrawals",
        count: 2,
        rows: [
          ["AE-2026-999999", "/admin?withdrawals=unmatched", "2026-12-11", false],
          [withdrawn.number, link(withdrawn.id), "2026-12-12", false],
        ],
      },
      // No deadlines: in the page's fixed order.
      { key: "parcels", count: 1, rows: [[returned.number, link(returned.id), null, false]] },
      { key: "invoices", count: 1, rows: [[invoiced.number, link(invoiced.id), null, false]] },
      { key: "reviews", count: 1, rows: [[returned.number, link(returned.id), null, false]] },
    ]);
    const [dispatch, , , parcels, invoices] = groups;
    expect(dispatch!.rows[0]).toMatchObject({ notes: ["Najem od 30.11.2026"], alert: "dostawa do 03.12.2026: po początku najmu" });
    expect(parcels!.rows[0]!.alert).toBe("Przesyłka InPost: zwrócona do nadawcy");
    expect(invoices!.rows[0]).toMatchObject({ notes: ["Faktura FV/2026/11/0001", "Błąd NIP"], alert: "odrzucona przez KSeF" });
  });

  it("lists the bank statement's credits that wait for the operator, each linked to its place on the statement's page", async () => {
    const order = await place("2026-11-29T09:00:00Z");
    await uploadStatement(
      db,
      [
        { bookedOn: "2026-11-30", amountGrosze: 29_000, title: `Zamówienie ${order.number}`, name: "Jan Kowalski", reference: "T1" },
        { bookedOn: "2026-11-30", amountGrosze: 10_000, title: "Zwrot", name: "Ktoś Obcy", reference: "T2" },
      ],
      { now: NOW },
    );
    const line = await db.selectFrom("bank_statement_lines").select("id").where("outcome", "=", "toCheck").executeTakeFirstOrThrow();
    const group = (await todayGroups(db, todayClock(NOW, 7))).find((each) => each.key === "statementLines");
    // Amounts are written with a no-break space before "zł", as everywhere in the panel.
    const rows = group?.rows.map((row) => ({ ...row, notes: row.notes.map((note) => note.replaceAll("\u00a0", " ")) }));
    expect(rows).toEqual([
      {
        href: `/admin/bank-statements#line-${line.id}`,
        number: order.number,
        name: "Jan Kowalski",
        due: null,
        dueLabel: "",
        late: false,
        notes: ["290 zł", `Kwota mniejsza niż cena zamówienia ${order.number} o 9 zł.`],
        alert: null,
      },
    ]);
  });

  it("lists the threads waiting for an answer, the longest waiting first, each linking to where it is answered; an answered one leaves", async () => {
    const order = await placeSampleOrder(db, new Date("2026-11-27T09:00:00Z"), { idempotencyKey: "thread", locale: "uk" });
    const asked = (hoursAgo: number) => new Date(NOW.getTime() - hoursAgo * 3_600_000);
    expect(
      await postCustomerMessage(db, { token: order.order.payment_token, text: "Коли відправите заяву?", now: asked(2) }),
    ).toMatchObject({ ok: true });
    const contact = await postContactMessage(db, {
      name: "Jan Nowak",
      email: "jan@example.com",
      text: "Czy wysyłacie za granicę?",
      locale: "pl",
      now: asked(30),
    });
    if (!contact.ok) throw new Error("the contact message was refused");
    const group = (await todayGroups(db, todayClock(NOW, 7))).find((each) => each.key === "messages");
    expect(group?.rows.map(({ href, number, name, notes }) => ({ href, number, name, notes }))).toEqual([
      {
        href: `/admin/messages/${contact.conversationId}`,
        number: "jan@example.com",
        name: "Jan Nowak",
        notes: ["pytanie 29.11.2026, 05:00", "Czy wysyłacie za granicę?"],
      },
      {
        href: `/admin/orders/${order.order.id}#rozmowa`,
        number: order.order.number,
        name: "język: ukraiński",
        notes: ["pytanie 2 godz. temu", "Коли відправите заяву?"],
      },
    ]);
    expect(group?.listHref).toBe("/admin/messages");
    await postOperatorAnswer(db, { conversationId: contact.conversationId, operator: "op", text: "Nie.", now: NOW });
    const after = (await todayGroups(db, todayClock(NOW, 7))).find((each) => each.key === "messages");
    expect(after?.rows.map((row) => row.number)).toEqual([order.order.number]);
  });
});
