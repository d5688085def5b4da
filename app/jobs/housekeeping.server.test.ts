import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { log } from "~/log/log.server";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { addTestOperator, signInWithCode } from "../../tests/support/operator-sign-in";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { applyTransition } from "~/flows/transitions.server";
import { SYSTEM_ACTOR, UNPAID_REASON } from "~/order/lifecycle/order-transitions.server";
import { runHousekeeping, runHousekeepingOnce } from "./housekeeping.server";
import { operatorForSession, signIn } from "~/admin/sign-in.server";
import { addNote, correctCustomerData, notesOf } from "~/order/lifecycle/corrections.server";
import { findOrderDetail } from "~/admin/order-detail.server";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { recordWithdrawal } from "~/withdrawal/withdrawal.server";
import { postContactMessage, postCustomerMessage, postOperatorAnswer } from "~/messages/conversation.server";
import { conversationIdOfOrder } from "~/messages/inbox.server";

const ORDERED = new Date("2026-11-23T09:00:00Z");
const at = (days: number, hours = 0) => new Date(ORDERED.getTime() + days * 86_400_000 + hours * 3_600_000);
const settings = { paymentDeadlineDays: 7, retentionYears: 6 };
/** The end of Monday 30 November 2026 in Warsaw: the 7-day deadline of an order of Monday 23 November has passed. */
const END_OF_DEADLINE_DAY = new Date("2026-11-30T23:00:00Z");

describe.each(DIALECTS)("housekeeping on %s", (dialect) => {
  let db: AppDatabase;
  let orderId: number;
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
    const { order } = await placeSampleOrder(db, ORDERED);
    orderId = order.id;
  });
  afterEach(() => db.destroy());

  const kinds = async () =>
    (
      await db
        .selectFrom("outbox")
        .select(["kind", "data"])
        .where("order_id", "=", orderId)
        .where("kind", "in", ["payment_reminder", "order_cancelled"])
        .orderBy("id")
        .execute()
    ).map((m) => [m.kind, JSON.parse(m.data ?? "null")]);
  const order = () => db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
  /** The customer's statement through the order's own link, as the withdrawal page records it. */
  const withdraw = async (id: number, now: Date) => {
    const row = await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    await recordWithdrawal(db, {
      values: { name: row.tenant_name, reference: row.number, email: row.email },
      statement: `Ja, ${row.tenant_name}, odstępuję od umowy ${row.number}.`,
      locale: "pl",
      token: row.payment_token,
      now,
    });
  };

  describe("each duty on its own", () => {
    it("a duty that fails is logged under its name, and every other duty still runs", async () => {
      const logged = vi.spyOn(log, "error").mockImplementation(() => undefined);
      try {
        await db
          .insertInto("sign_in_attempts")
          .values({ email: "op@example.com", ip: "203.0.113.9", succeeded: 0, attempted_at: at(0).toISOString() })
          .execute();
        const result = await runHousekeeping(db, END_OF_DEADLINE_DAY, {
          ...settings,
          // One bad ShipX answer, as the database refused it.
          pollShipments: () => Promise.reject(new Error("invalid byte sequence for encoding UTF8: 0x00")),
        });
        expect(result).toMatchObject({ cancelled: 1, signInRecordsPruned: 1, failed: ["shipments"] });
        expect(await order()).toMatchObject({ status: "cancelled", cancel_reason: "unpaid" });
        expect(logged).toHaveBeenCalledTimes(1);
        expect(logged.mock.calls[0]).toEqual([expect.objectContaining({ duty: "shipments" }), "housekeeping duty failed"]);
      } finally {
        logged.mockRestore();
      }
    });

    it("while the online payments cannot be asked about, no unpaid order is cancelled; the rest runs", async () => {
      const logged = vi.spyOn(log, "error").mockImplementation(() => undefined);
      try {
        const result = await runHousekeeping(db, END_OF_DEADLINE_DAY, {
          ...settings,
          recoverPayments: () => Promise.reject(new Error("down")),
        });
        expect(result).toMatchObject({ cancelled: 0, failed: ["payments recovery", "payment deadlines"] });
        expect(await order()).toMatchObject({ status: "awaiting_payment" });
        expect(await runHousekeeping(db, END_OF_DEADLINE_DAY, { ...settings, recoverPayments: async () => 0 })).toMatchObject({
          cancelled: 1,
        });
      } finally {
        logged.mockRestore();
      }
    });
  });

  describe("housekeeping dates", () => {
    it("reminds once from 2 days before the 7-day deadline, not earlier", async () => {
      expect(await runHousekeeping(db, at(4, 23), settings)).toEqual({
        reminded: 0,
        cancelled: 0,
        anonymised: 0,
        withdrawalsAnonymised: 0,
        statementFilesAnonymised: 0,
        statementLinesAnonymised: 0,
        contactThreadsAnonymised: 0,
        signInRecordsPruned: 0,
        sessionsPruned: 0,
        reviewRequests: 0,
        addressReminders: 0,
      });
      expect(await runHousekeeping(db, at(5), settings)).toMatchObject({ reminded: 1 });
      expect(await runHousekeeping(db, at(6), settings)).toMatchObject({ reminded: 0 });
      expect(await kinds()).toEqual([["payment_reminder", { deadline: END_OF_DEADLINE_DAY.toISOString() }]]);
    });

    it("cancels an unpaid order once its deadline's last day has ended in Warsaw, by 'system', with reason unpaid", async () => {
      // Paying on the last day, 30 November, is in time however late in the day (art. 111 § 1 of the civil code).
      expect(await runHousekeeping(db, at(7), settings)).toMatchObject({ cancelled: 0 });
      expect(await runHousekeeping(db, new Date(END_OF_DEADLINE_DAY.getTime() - 1), settings)).toMatchObject({ cancelled: 0 });
      expect(await runHousekeeping(db, END_OF_DEADLINE_DAY, settings)).toMatchObject({ cancelled: 1 });
      expect(await order()).toMatchObject({ status: "cancelled", cancel_reason: "unpaid" });
      const events = await db.selectFrom("order_events").select(["operator", "to_status"]).execute();
      expect(events).toEqual([{ operator: "system", to_status: "cancelled" }]);
      expect((await kinds()).at(-1)).toEqual(["order_cancelled", { reason: "unpaid" }]);
    });

    it("cancels at the deadline as the operator's cancel does: the same order, history line and e-mail", async () => {
      // The same order placed twice at the same moment: one closed by the operator's cancel with the deadline's reason, one by housekeeping.
      const byHand = (await placeSampleOrder(db, ORDERED, { idempotencyKey: "cancelled-by-hand" })).order.id;
      await applyTransition(db, byHand, { transition: "cancel", reason: UNPAID_REASON }, SYSTEM_ACTOR, END_OF_DEADLINE_DAY);
      expect(await runHousekeeping(db, END_OF_DEADLINE_DAY, settings)).toMatchObject({ cancelled: 1 });
      const outcome = async (id: number) => ({
        order: await db
          .selectFrom("orders")
          .select(["status", "cancelled_at", "cancel_reason", "updated_at"])
          .where("id", "=", id)
          .executeTakeFirstOrThrow(),
        history: await db
          .selectFrom("order_events")
          .select(["operator", "from_status", "to_status", "details", "at"])
          .where("order_id", "=", id)
          .execute(),
        mail: await db
          .selectFrom("outbox")
          .select(["kind", "data"])
          .where("order_id", "=", id)
          .where("created_at", "=", END_OF_DEADLINE_DAY.toISOString())
          .execute(),
      });
      const byHousekeeping = await outcome(orderId);
      expect(byHousekeeping.history).toHaveLength(1);
      expect(byHousekeeping.mail).toHaveLength(1);
      expect(byHousekeeping).toEqual(await outcome(byHand));
    });

    it("sends a withdrawn order no reminder and no e-mail about payment, and still closes it at the deadline", async () => {
      await withdraw(orderId, at(1));
      expect(await runHousekeeping(db, at(5), settings)).toMatchObject({ reminded: 0 });
      expect(await runHousekeeping(db, END_OF_DEADLINE_DAY, settings)).toMatchObject({ cancelled: 1 });
      expect(await order()).toMatchObject({ status: "cancelled", cancel_reason: "unpaid" });
      expect(await kinds()).toEqual([]);
    });

    it("a deadline that falls on a Sunday moves to Monday: reminded on Saturday, cancelled only after Monday ends", async () => {
      // Ordered on Sunday 29 November 2026 at 19:30 in Warsaw: the 7th day is Sunday 6 December.
      const sunday = (await placeSampleOrder(db, new Date("2026-11-29T18:30:00Z"), { idempotencyKey: "sunday-order" })).order.id;
      const statusOf = async () =>
        (await db.selectFrom("orders").select("status").where("id", "=", sunday).executeTakeFirstOrThrow()).status;
      const reminders = () =>
        db.selectFrom("outbox").select("data").where("order_id", "=", sunday).where("kind", "=", "payment_reminder").execute();
      await runHousekeeping(db, new Date("2026-12-05T18:00:00Z"), settings);
      expect(await reminders()).toEqual([]);
      await runHousekeeping(db, new Date("2026-12-05T18:30:00Z"), settings);
      expect((await reminders()).map((row) => JSON.parse(row.data ?? "null"))).toEqual([{ deadline: "2026-12-07T23:00:00.000Z" }]);
      await runHousekeeping(db, new Date("2026-12-07T22:59:59Z"), settings);
      expect(await statusOf()).toBe("awaiting_payment");
      await runHousekeeping(db, new Date("2026-12-07T23:00:00Z"), settings);
      expect(await statusOf()).toBe("cancelled");
    });

    it("anonymises a withdrawal statement with its order, and an unmatched one after the same period", async () => {
      await withdraw(orderId, at(1));
      await recordWithdrawal(db, {
        values: { name: "Zofia Stranger", reference: "my order from Monday", email: "zofia@example.com" },
        statement: "Ja, Zofia Stranger, odstępuję…",
        locale: "pl",
        token: null,
        now: at(1),
      });
      await applyTransition(db, orderId, { transition: "cancel", reason: "odstąpienie", reasonCode: "customer_request" }, "op", at(2));
      const statements = () => db.selectFrom("withdrawals").selectAll().orderBy("id").execute();
      expect(await runHousekeeping(db, new Date("2032-12-31T22:59:59Z"), settings)).toMatchObject({
        anonymised: 0,
        withdrawalsAnonymised: 0,
      });
      expect((await statements()).map((row) => row.name)).toEqual(["Jan Kowalski", "Zofia Stranger"]);
      expect(await runHousekeeping(db, new Date("2032-12-31T23:00:00Z"), settings)).toMatchObject({
        anonymised: 1,
        withdrawalsAnonymised: 1,
      });
      const [matched, unmatched] = await statements();
      expect(matched).toMatchObject({ name: "—", email: "—", statement: "—", order_id: orderId, received_at: at(1).toISOString() });
      expect(matched!.order_reference).toMatch(/^AE-2026-\d{6}$/);
      expect(unmatched).toMatchObject({ name: "—", email: "—", statement: "—", order_reference: "—", order_id: null });
      const messages = await db.selectFrom("outbox").select("data").where("withdrawal_id", "is not", null).execute();
      expect(messages.every((message) => message.data === null)).toBe(true);
    });

    it("removes the texts of an order's conversation with the order, and of a contact thread after the same period, keeping their dates", async () => {
      const token = (await order()).payment_token;
      await postCustomerMessage(db, { token, text: "Jan Kowalski, PESEL 80010112345: kiedy?", now: at(1) });
      const conversationId = (await conversationIdOfOrder(db, orderId))!;
      await postOperatorAnswer(db, { conversationId, operator: "op", text: "Panie Janie, jutro.", now: at(1, 1) });
      await postContactMessage(db, { name: "Zofia", email: "zofia@example.com", text: "Pytanie Zofii", locale: "pl", now: at(1) });
      // Written again in 2027: the contact thread is kept for the period counted from its last message.
      await postContactMessage(db, { name: "Ewa", email: "ewa@example.com", text: "Pytanie Ewy", locale: "pl", now: at(1) });
      const ewas = await db.selectFrom("conversations").select("id").where("contact_name", "=", "Ewa").executeTakeFirstOrThrow();
      await db
        .insertInto("conversation_messages")
        .values({
          conversation_id: ewas.id,
          author: "customer",
          operator_email: null,
          body: "I jeszcze",
          created_at: "2027-03-01T10:00:00.000Z",
        })
        .execute();
      await applyTransition(db, orderId, { transition: "cancel", reason: "odstąpienie", reasonCode: "customer_request" }, "op", at(2));
      const messages = () => db.selectFrom("conversation_messages").select(["body", "created_at", "erased_at"]).orderBy("id").execute();
      expect(await runHousekeeping(db, new Date("2032-12-31T22:59:59Z"), settings)).toMatchObject({ contactThreadsAnonymised: 0 });
      expect((await messages()).every((message) => message.body !== null)).toBe(true);

      const afterRetention = new Date("2032-12-31T23:00:00Z");
      expect(await runHousekeeping(db, afterRetention, settings)).toMatchObject({ anonymised: 1, contactThreadsAnonymised: 1 });
      expect(await messages()).toEqual([
        { body: null, created_at: at(1).toISOString(), erased_at: afterRetention.toISOString() },
        { body: null, created_at: at(1, 1).toISOString(), erased_at: afterRetention.toISOString() },
        { body: null, created_at: at(1).toISOString(), erased_at: afterRetention.toISOString() },
        { body: "Pytanie Ewy", created_at: at(1).toISOString(), erased_at: null },
        { body: "I jeszcze", created_at: "2027-03-01T10:00:00.000Z", erased_at: null },
      ]);
      const threads = await db
        .selectFrom("conversations")
        .select(["contact_name", "contact_email", "erased_at"])
        .where("order_id", "is", null)
        .orderBy("id")
        .execute();
      expect(threads).toEqual([
        { contact_name: null, contact_email: null, erased_at: afterRetention.toISOString() },
        { contact_name: "Ewa", contact_email: "ewa@example.com", erased_at: null },
      ]);
    });

    it("leaves a paid order alone and anonymises it when the sixth calendar year after dispatch ends, keeping number and amount", async () => {
      await applyTransition(db, orderId, { transition: "mark_paid", paidAt: "2026-11-24" }, "op", at(1));
      await applyTransition(db, orderId, { transition: "mark_dispatched", trackingNumber: "RR1PL", courier: null }, "op", at(2));
      // Dispatched on 25 November 2026: claims become time-barred with 31 December 2032, the last day the data are kept.
      const lastDayKept = new Date("2032-12-31T22:59:59Z");
      const afterRetention = new Date("2032-12-31T23:00:00Z"); // 1 January 2033, midnight in Warsaw
      expect(await runHousekeeping(db, lastDayKept, settings)).toEqual({
        reminded: 0,
        cancelled: 0,
        anonymised: 0,
        withdrawalsAnonymised: 0,
        statementFilesAnonymised: 0,
        statementLinesAnonymised: 0,
        contactThreadsAnonymised: 0,
        signInRecordsPruned: 0,
        sessionsPruned: 0,
        reviewRequests: 0,
        addressReminders: 0,
      });
      const before = await order();
      expect(await runHousekeeping(db, afterRetention, settings)).toMatchObject({ anonymised: 1 });
      const after = await order();
      expect(after).toMatchObject({
        number: before.number,
        price_grosze: before.price_grosze,
        created_at: before.created_at,
        anonymised_at: afterRetention.toISOString(),
      });
      expect(JSON.stringify(after)).not.toContain("Kowalski");
      expect(JSON.stringify(after)).not.toContain("jan@example.com");
      expect(after?.search_text).toBe(before!.number.toLowerCase());
    });

    it("anonymises the audit trail and the notes with the order, keeping who, when and which fields", async () => {
      const corrected = {
        tenantName: "Jan Kowalsky",
        email: "jan.k@example.com",
        phone: "+48 600 999 888",
        mailing: { street: "ul. Tajna 7", postalCode: "00-950", city: "Warszawa" },
        property: { street: "ul. Długa 5/3", postalCode: "70-001", city: "Szczecin" },
        landlordName: null,
      };
      expect(
        await correctCustomerData(db, orderId, corrected, "Klient Jan Kowalski zadzwonił z 600 999 888", "ola@adres.test", at(0, 2)),
      ).toEqual({
        ok: true,
      });
      await addNote(db, orderId, "Pan Kowalski prosi o kontakt pod 600 999 888", "ola@adres.test", at(0, 3));
      await applyTransition(
        db,
        orderId,
        { transition: "cancel", reason: "Pan Kowalsky rezygnuje", reasonCode: "own" },
        "ola@adres.test",
        at(1),
      );
      const { order: other } = await placeSampleOrder(db, at(1), { details: { tenantName: "Anna Nowak" }, idempotencyKey: "k2" });
      await applyTransition(
        db,
        other.id,
        { transition: "cancel", reason: "Na prośbę klienta", reasonCode: "customer_request" },
        "op",
        at(1),
      );

      const later = new Date("2032-12-31T23:00:00Z"); // both cancelled in 2026: their sixth calendar year after has ended
      expect(await runHousekeeping(db, later, settings)).toMatchObject({ anonymised: 2 });
      const detail = await findOrderDetail(db, orderId);
      const everything = JSON.stringify({
        detail,
        notes: await notesOf(db, orderId),
        outbox: await db.selectFrom("outbox").selectAll().execute(),
      });
      for (const personal of [
        "Kowalsk",
        "600 999 888",
        "600100200",
        "jan@example.com",
        "jan.k@example.com",
        "Tajna",
        "Krótka",
        "Długa",
        "Nowak",
      ])
        expect(everything, personal).not.toContain(personal);
      expect(detail!.events.map((event) => [event.operator, event.at, event.details])).toEqual([
        [
          "ola@adres.test",
          at(0, 2).toISOString(),
          { action: "customer_data", fields: JSON.stringify(["tenantName", "email", "phone", "mailingAddress"]), reason: "—" },
        ],
        ["ola@adres.test", at(1).toISOString(), { reasonCode: "own", reason: "—" }],
      ]);
      expect(await notesOf(db, orderId)).toEqual([{ operator: "ola@adres.test", text: "—", at: at(0, 3).toISOString() }]);
      // A standard reason names nobody and stays.
      expect((await findOrderDetail(db, other.id))!.events[0]!.details).toEqual({
        reasonCode: "customer_request",
        reason: "Na prośbę klienta",
      });
      expect(await runHousekeeping(db, later, settings)).toMatchObject({ anonymised: 0 });
    });

    it("forgets sign-in attempts after a day and deletes ended sessions, keeping live ones", async () => {
      const { secret } = await addTestOperator(db, "op@example.com", "a long enough password", at(0));
      await signIn(db, "op@example.com", "wrong password", "10.0.0.1", at(0));
      const ended = await signInWithCode(db, "op@example.com", "a long enough password", secret, "10.0.0.1", at(0));
      const live = await signInWithCode(db, "op@example.com", "a long enough password", secret, "10.0.0.1", at(1));
      // Each sign-in recorded its password and its code.
      expect(await runHousekeeping(db, at(1, 1), settings)).toMatchObject({ signInRecordsPruned: 3, sessionsPruned: 1 });
      expect(await db.selectFrom("sign_in_attempts").select("attempted_at").execute()).toEqual([
        { attempted_at: at(1).toISOString() },
        { attempted_at: at(1).toISOString() },
      ]);
      expect(await operatorForSession(db, ended, at(1, 1))).toBeNull();
      expect(await operatorForSession(db, live, at(1, 1))).toBe("op@example.com");
    });

    it("runs once per period across processes: the lease is taken atomically and the run recorded", async () => {
      const [first, second] = await Promise.all([runHousekeepingOnce(db, at(5), settings), runHousekeepingOnce(db, at(5), settings)]);
      expect([first, second].filter((r) => r !== null)).toHaveLength(1);
      expect(await runHousekeepingOnce(db, at(5, 0.05), settings)).toBeNull();
      expect(await runHousekeepingOnce(db, at(5, 0.2), settings)).not.toBeNull();
      const run = await db.selectFrom("job_runs").selectAll().executeTakeFirstOrThrow();
      expect(run).toMatchObject({ name: "housekeeping", last_run_at: at(5, 0.2).toISOString(), lease_until: null });
    });
  });
});
