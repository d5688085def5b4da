import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase, type DatabaseTarget } from "~/db/db.server";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import {
  MESSAGE_MAX_CHARS,
  openConversationOfOrder,
  postContactMessage,
  postCustomerMessage,
  postOperatorAnswer,
  threadByToken,
} from "./conversation.server";
import { conversationIdOfOrder } from "./inbox.server";

const T0 = new Date("2026-11-23T09:00:00Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

describe.each(DIALECTS)("conversations on %s", (dialect) => {
  let target: DatabaseTarget;
  let db: AppDatabase;
  beforeEach(async () => {
    target = await migratedTarget(dialect);
    db = await openDatabase(target);
  });
  afterEach(() => db.destroy());

  const outboxOf = (kind: "conversation_answer" | "operator_new_message") =>
    db.selectFrom("outbox").select(["conversation_message_id", "next_attempt_at"]).where("kind", "=", kind).orderBy("id").execute();

  it("keeps the customer's message as typed, without control characters, in the order's own thread, oldest first", async () => {
    const { order } = await placeSampleOrder(db, T0);
    const { order: other } = await placeSampleOrder(db, T0, { idempotencyKey: "other" });
    expect(await threadByToken(db, order.payment_token)).toEqual([]);

    const typed = "Dzień dobry,\r\nczy <b>mogę</b> https://evil.example\u202E zmienić\u0007 adres?\t\n";
    const first = await postCustomerMessage(db, { token: order.payment_token, text: typed, now: at(1) });
    const second = await postCustomerMessage(db, { token: order.payment_token, text: "I jeszcze jedno.", now: at(2) });
    expect(first).toMatchObject({
      ok: true,
      message: { author: "customer", body: "Dzień dobry,\nczy <b>mogę</b> https://evil.example zmienić adres?" },
    });
    expect(second.ok).toBe(true);

    const thread = await threadByToken(db, order.payment_token);
    expect(thread?.map((message) => [message.author, message.body, message.createdAt])).toEqual([
      ["customer", "Dzień dobry,\nczy <b>mogę</b> https://evil.example zmienić adres?", at(1).toISOString()],
      ["customer", "I jeszcze jedno.", at(2).toISOString()],
    ]);
    expect(await threadByToken(db, other.payment_token)).toEqual([]);
  });

  it("refuses an empty or too long text, and a token that is no order's, and stores nothing then", async () => {
    const { order } = await placeSampleOrder(db, T0);
    const post = (token: string, text: string) => postCustomerMessage(db, { token, text, now: at(1) });
    expect(await post(order.payment_token, " \r\n\u0000\t ")).toEqual({ ok: false, refusal: { kind: "empty" } });
    expect(await post(order.payment_token, "a".repeat(MESSAGE_MAX_CHARS + 1))).toEqual({
      ok: false,
      refusal: { kind: "too-long", max: MESSAGE_MAX_CHARS },
    });
    // 2,000 characters with line breaks as the browser sends them (CRLF) fit: a line break counts once.
    expect((await post(order.payment_token, `${"a".repeat(998)}\r\n${"b".repeat(1001)}`)).ok).toBe(true);
    const stranger = `${order.payment_token.slice(0, -1)}${order.payment_token.endsWith("A") ? "B" : "A"}`;
    expect(await post(stranger, "Pokaż mi cudzy wątek")).toEqual({ ok: false, refusal: { kind: "not-found" } });
    expect(await threadByToken(db, stranger)).toBeNull();
    expect(await threadByToken(db, "not a token")).toBeNull();
    expect(await db.selectFrom("conversation_messages").select("body").execute()).toHaveLength(1);
  });

  it("queues the operator's answer to the customer with the answer, and refuses an answer to no conversation", async () => {
    const { order } = await placeSampleOrder(db, T0);
    await postCustomerMessage(db, { token: order.payment_token, text: "Kiedy wyślecie?", now: at(1) });
    const conversationId = (await conversationIdOfOrder(db, order.id))!;
    const answer = await postOperatorAnswer(db, { conversationId, operator: "op@adres.example", text: "Jutro.", now: at(5) });
    expect(answer).toMatchObject({ ok: true, message: { author: "operator", body: "Jutro.", createdAt: at(5).toISOString() } });
    const answerId = answer.ok ? answer.message.id : 0;
    expect(await outboxOf("conversation_answer")).toEqual([{ conversation_message_id: answerId, next_attempt_at: at(5).toISOString() }]);
    expect((await threadByToken(db, order.payment_token))?.map((message) => message.author)).toEqual(["customer", "operator"]);
    expect(
      await postOperatorAnswer(db, { conversationId: conversationId + 100, operator: "op@adres.example", text: "x", now: at(6) }),
    ).toEqual({
      ok: false,
      refusal: { kind: "not-found" },
    });
  });

  it("lets the operator write first on an order's page", async () => {
    const { order } = await placeSampleOrder(db, T0, { locale: "uk" });
    const conversationId = (await openConversationOfOrder(db, order.id, at(1)))!;
    expect(await openConversationOfOrder(db, order.id, at(2))).toBe(conversationId);
    expect(await openConversationOfOrder(db, order.id + 100, at(2))).toBeNull();
    expect((await postOperatorAnswer(db, { conversationId, operator: "op@adres.example", text: "Вітаємо!", now: at(3) })).ok).toBe(true);
    expect(await db.selectFrom("conversations").select(["locale", "order_id"]).execute()).toEqual([{ locale: "uk", order_id: order.id }]);
  });

  it("keeps each contact page message as a thread of its own, with its name, address and language", async () => {
    const first = await postContactMessage(db, {
      name: "Olena\nKovalenko ",
      email: " olena@example.com",
      text: "Чи можна без замовлення?",
      locale: "uk",
      now: at(1),
    });
    const second = await postContactMessage(db, { name: "Jan", email: "jan@example.com", text: "Pytanie", locale: "pl", now: at(2) });
    expect(first.ok && second.ok && first.conversationId !== second.conversationId).toBe(true);
    expect(await postContactMessage(db, { name: "Jan", email: "jan@example.com", text: "  ", locale: "pl", now: at(3) })).toEqual({
      ok: false,
      refusal: { kind: "empty" },
    });
    const rows = await db
      .selectFrom("conversations")
      .select(["order_id", "contact_name", "contact_email", "locale"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { order_id: null, contact_name: "Olena Kovalenko", contact_email: "olena@example.com", locale: "uk" },
      { order_id: null, contact_name: "Jan", contact_email: "jan@example.com", locale: "pl" },
    ]);
  });

  it("keeps two answers sent at once to one thread, in order, each with one e-mail", async () => {
    const { order } = await placeSampleOrder(db, T0);
    await postCustomerMessage(db, { token: order.payment_token, text: "Pytanie", now: at(1) });
    const conversationId = (await conversationIdOfOrder(db, order.id))!;
    // Two connections, as two server processes have.
    const second = await openDatabase(target);
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          postOperatorAnswer(index % 2 === 0 ? db : second, {
            conversationId,
            operator: `op${index % 2}@adres.example`,
            text: `Odpowiedź ${index}`,
            now: at(10 + (index >> 1)),
          }),
        ),
      );
      expect(answers.every((answer) => answer.ok)).toBe(true);
    } finally {
      await second.destroy();
    }
    const thread = (await threadByToken(db, order.payment_token))!;
    expect(thread).toHaveLength(11);
    const answered = thread.slice(1);
    expect(answered.map((message) => message.body).sort()).toEqual(Array.from({ length: 10 }, (_, index) => `Odpowiedź ${index}`).sort());
    expect(answered.map((message) => message.createdAt)).toEqual([...answered.map((message) => message.createdAt)].sort());
    const mails = await outboxOf("conversation_answer");
    expect(mails.map((mail) => mail.conversation_message_id).sort()).toEqual(answered.map((message) => message.id).sort());
    const conversation = await db.selectFrom("conversations").select("last_operator_at").executeTakeFirstOrThrow();
    expect(conversation.last_operator_at).toBe(at(14).toISOString());
  });
});
