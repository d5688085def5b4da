import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { postContactMessage, postCustomerMessage, postOperatorAnswer } from "./conversation.server";
import { conversationForAdmin, conversationIdOfOrder, countUnanswered, listInbox } from "./inbox.server";

const T0 = new Date("2026-11-23T09:00:00Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

describe.each(DIALECTS)("the back office's conversations on %s", (dialect) => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
  });
  afterEach(() => db.destroy());

  it("lists the unanswered first, the oldest question first, then the answered, the latest first", async () => {
    const { order: answered } = await placeSampleOrder(db, T0);
    const { order: waiting } = await placeSampleOrder(db, T0, { idempotencyKey: "2", locale: "uk" });
    await postCustomerMessage(db, { token: answered.payment_token, text: "Pierwsze pytanie", now: at(1) });
    await postContactMessage(db, { name: "Jan", email: "jan@example.com", text: "Bez zamówienia", locale: "pl", now: at(3) });
    await postCustomerMessage(db, { token: waiting.payment_token, text: "Коли?", now: at(2) });
    const answeredId = (await conversationIdOfOrder(db, answered.id))!;
    await postOperatorAnswer(db, { conversationId: answeredId, operator: "op@adres.example", text: "Odpowiedź", now: at(4) });

    const inbox = await listInbox(db);
    expect(inbox.map((row) => [row.orderNumber, row.contactName, row.locale, row.unanswered, row.lastMessage])).toEqual([
      [waiting.number, null, "uk", true, "Коли?"],
      [null, "Jan", "pl", true, "Bez zamówienia"],
      [answered.number, null, "pl", false, "Odpowiedź"],
    ]);
    expect(inbox[0]).toMatchObject({ orderId: waiting.id, lastCustomerAt: at(2).toISOString(), lastOperatorAt: null });
    expect(await countUnanswered(db)).toBe(2);
    expect((await listInbox(db, { limit: 1 })).map((row) => row.orderNumber)).toEqual([waiting.number]);

    // The customer writes again after the answer: unanswered again.
    await postCustomerMessage(db, { token: answered.payment_token, text: "Dziękuję, a jeszcze…", now: at(5) });
    expect(await countUnanswered(db)).toBe(3);
    expect((await listInbox(db)).at(-1)).toMatchObject({ orderNumber: answered.number, unanswered: true });
  });

  it("shows one conversation with who wrote what, and the operator who answered", async () => {
    const { order } = await placeSampleOrder(db, T0);
    await postCustomerMessage(db, { token: order.payment_token, text: "Pytanie", now: at(1) });
    const conversationId = (await conversationIdOfOrder(db, order.id))!;
    await postOperatorAnswer(db, { conversationId, operator: "op@adres.example", text: "Odpowiedź", now: at(2) });
    const shown = await conversationForAdmin(db, conversationId);
    expect(shown?.row).toMatchObject({
      conversationId,
      orderId: order.id,
      orderNumber: order.number,
      unanswered: false,
      lastMessage: "Odpowiedź",
    });
    expect(shown?.messages.map((message) => [message.author, message.body, message.operatorEmail])).toEqual([
      ["customer", "Pytanie", null],
      ["operator", "Odpowiedź", "op@adres.example"],
    ]);
    expect(await conversationForAdmin(db, conversationId + 1)).toBeNull();
    expect(await conversationIdOfOrder(db, order.id + 1)).toBeNull();
  });
});
