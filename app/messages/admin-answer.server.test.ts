import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { ANSWER_INTENT, PREVIEW_INTENT } from "./admin-answer";
import { answerFormView, answerFromForm } from "./admin-answer.server";
import { MESSAGE_MAX_CHARS, openConversationOfOrder, postCustomerMessage } from "./conversation.server";
import { conversationForAdmin, conversationIdOfOrder } from "./inbox.server";

const NOW = new Date("2026-11-23T10:00:00Z");

function answerForm(intent: string, text: string): FormData {
  const form = new FormData();
  form.set("intent", intent);
  form.set("text", text);
  return form;
}

describe.each(DIALECTS)("the operator's answer form on %s", (dialect) => {
  let db: AppDatabase;
  let conversationId: number;
  let orderId: number;
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
    const { order } = await placeSampleOrder(db, new Date("2026-11-20T09:00:00Z"), { locale: "uk" });
    orderId = order.id;
    await postCustomerMessage(db, { token: order.payment_token, text: "Коли відправите?", now: new Date("2026-11-23T09:00:00Z") });
    conversationId = (await openConversationOfOrder(db, order.id, NOW))!;
  });
  afterEach(() => db.destroy());

  const post = (intent: string, text: string) =>
    answerFromForm(db, { conversationId, form: answerForm(intent, text), operator: "op@adres.test", now: NOW });
  const thread = async () => (await conversationForAdmin(db, conversationId))!.messages.map((message) => [message.author, message.body]);

  it("previews the text as it will be stored, without storing it, and then sends it", async () => {
    expect(await post(PREVIEW_INTENT, "\r\n Добрий день!\r\nВідправимо завтра.\u0007 \n")).toEqual({
      kind: "again",
      status: 200,
      state: { text: "\n Добрий день!\nВідправимо завтра.\u0007 \n", error: null, preview: "Добрий день!\nВідправимо завтра." },
    });
    expect(await thread()).toEqual([["customer", "Коли відправите?"]]);
    expect(await post(ANSWER_INTENT, "Добрий день!\nВідправимо завтра.")).toEqual({ kind: "sent" });
    expect(await thread()).toEqual([
      ["customer", "Коли відправите?"],
      ["operator", "Добрий день!\nВідправимо завтра."],
    ]);
  });

  it("refuses an empty, a too long answer and one with a placeholder left, keeping the text and storing nothing", async () => {
    expect(await post(ANSWER_INTENT, "  \n ")).toMatchObject({ status: 400, state: { error: "Wpisz treść odpowiedzi.", text: "  \n " } });
    const long = "я".repeat(MESSAGE_MAX_CHARS + 1);
    expect(await post(ANSWER_INTENT, long)).toMatchObject({
      status: 400,
      state: { error: `Odpowiedź może mieć najwyżej ${MESSAGE_MAX_CHARS} znaków (teraz: ${MESSAGE_MAX_CHARS + 1}).`, text: long },
    });
    for (const intent of [ANSWER_INTENT, PREVIEW_INTENT])
      expect(await post(intent, "Відправимо {{termin}}, сума {{ kwota }}.")).toMatchObject({
        status: 400,
        state: { error: expect.stringContaining("Zastąp w tekście: {{termin}}, {{ kwota }}."), preview: null },
      });
    expect(await thread()).toEqual([["customer", "Коли відправите?"]]);
  });

  it("opens the order's thread for an operator who writes first", async () => {
    const { order } = await placeSampleOrder(db, new Date("2026-11-20T09:00:00Z"), { idempotencyKey: "other", locale: "ru" });
    const outcome = await answerFromForm(db, {
      conversationId: () => openConversationOfOrder(db, order.id, NOW),
      form: answerForm(ANSWER_INTENT, "Здравствуйте!"),
      operator: "op@adres.test",
      now: NOW,
    });
    expect(outcome).toEqual({ kind: "sent" });
    const opened = await conversationIdOfOrder(db, order.id);
    expect(opened).not.toBe(conversationId);
    expect((await conversationForAdmin(db, opened!))!.messages.map((message) => message.body)).toEqual(["Здравствуйте!"]);
  });

  it("fills the chosen template in the thread's language; an unknown one says so", async () => {
    const order = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    const url = new URL("http://site/admin/orders/1?szablon=Jak%20odst%C4%85pi%C4%87%20od%20umowy");
    const view = await answerFormView(db, url, "uk", order, NOW);
    expect(view.templates).toEqual(["Co zabrać do notariusza", "Jak odstąpić od umowy", "Kiedy wyślemy oświadczenie"]);
    expect(view.chosen).toBe("Jak odstąpić od umowy");
    expect(view.draft).toContain(`Відмовитися від договору до замовлення ${order.number} можна`);
    expect(view.templateMissing).toBe(false);
    expect(await answerFormView(db, new URL("http://site/?szablon=Nie%20ma"), "uk", order, NOW)).toMatchObject({
      draft: null,
      templateMissing: true,
    });
    expect(await answerFormView(db, new URL("http://site/"), "uk", order, NOW)).toMatchObject({ chosen: null, draft: null });
  });
});
