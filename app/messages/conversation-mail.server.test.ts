import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PLACEHOLDER_COMPANY } from "~/config/company";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { composeConversationMessage } from "~/mail/conversation-mail.server";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { conversationMailOf } from "./conversation-mail.server";
import { postContactMessage, postCustomerMessage, postOperatorAnswer } from "./conversation.server";
import { conversationIdOfOrder } from "./inbox.server";

const T0 = new Date("2026-11-23T09:00:00Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const CONTEXT = { company: PLACEHOLDER_COMPANY, siteUrl: "https://adres.example", operatorEmail: "operator@adres.example" };
const HOSTILE = 'Zobacz <a href="https://evil.example">tutaj</a> albo www.evil.example\nDruga linia & <script>x</script>';

describe.each(DIALECTS)("a conversation's e-mails on %s", (dialect) => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
  });
  afterEach(() => db.destroy());

  const mailOf = async (kind: "conversation_answer" | "operator_new_message", conversationMessageId: number, now = at(100)) => {
    const row = await db
      .selectFrom("outbox")
      .selectAll()
      .where("kind", "=", kind)
      .where("conversation_message_id", "=", conversationMessageId)
      .executeTakeFirstOrThrow();
    return composeConversationMessage(row, await conversationMailOf(db, row, { siteUrl: CONTEXT.siteUrl, now }), CONTEXT);
  };

  it("sends the answer to the order's address in the order's language, with the link to answer on its page, the text never a link", async () => {
    const { order } = await placeSampleOrder(db, T0, { locale: "uk" });
    await postCustomerMessage(db, { token: order.payment_token, text: "Коли?", now: at(1) });
    const conversationId = (await conversationIdOfOrder(db, order.id))!;
    const answer = await postOperatorAnswer(db, { conversationId, operator: "op@adres.example", text: HOSTILE, now: at(2) });
    const mail = await mailOf("conversation_answer", answer.ok ? answer.message.id : 0);
    const page = `https://adres.example/uk/payment/${order.payment_token}`;
    expect(mail).toMatchObject({
      to: order.email,
      replyTo: PLACEHOLDER_COMPANY.email,
      subject: `Відповідь щодо замовлення ${order.number}`,
    });
    expect(mail.text).toContain("Наша відповідь");
    expect(mail.text).toContain("Druga linia & <script>x</script>");
    expect(mail.text).toContain(`Відповідайте, будь ласка, саме там, щоб ваше запитання одразу потрапило до замовлення: ${page}`);
    // In the HTML the typed markup is text, and the only link is the order's page.
    expect(mail.html).toContain(
      "Zobacz &lt;a href=&quot;https:\u200c//evil.\u200cexample&quot;&gt;tutaj&lt;/a&gt; albo www.\u200cevil.\u200cexample",
    );
    expect(mail.html).not.toContain("<script>");
    expect([...mail.html.matchAll(/<a href="([^"]*)"/g)].map((match) => match[1])).toEqual([page]);
    expect(mail.text).not.toMatch(/https:\/\/evil|www\.evil/);
  });

  it("answers a contact page's thread at its address, to be answered by e-mail", async () => {
    await postContactMessage(db, { name: "Jan", email: "jan@example.com", text: "Pytanie", locale: "pl", now: at(1) });
    const conversation = await db.selectFrom("conversations").select("id").executeTakeFirstOrThrow();
    const answer = await postOperatorAnswer(db, { conversationId: conversation.id, operator: "op", text: "Odpowiedź", now: at(2) });
    const mail = await mailOf("conversation_answer", answer.ok ? answer.message.id : 0);
    expect(mail).toMatchObject({ to: "jan@example.com", subject: "Odpowiedź na wiadomość z formularza kontaktowego" });
    expect(mail.text).toContain("wystarczy odpowiedzieć na tego e-maila");
    expect(mail.html).not.toContain("<a ");
  });

  it("tells the operator in Polish of one message, and of a burst in one notice listing each", async () => {
    const { order } = await placeSampleOrder(db, T0, { locale: "ru" });
    const first = await postCustomerMessage(db, { token: order.payment_token, text: HOSTILE, now: at(1) });
    const one = await mailOf("operator_new_message", first.ok ? first.message.id : 0, at(1));
    expect(one).toMatchObject({ to: "operator@adres.example", subject: `Nowa wiadomość: zamówienie ${order.number}` });
    expect(one.text).toContain("Język: rosyjski");
    expect(one.text).toContain(`Odpowiedz w panelu: https://adres.example/admin/orders/${order.id}`);
    expect([...one.html.matchAll(/<a href="([^"]*)"/g)].map((match) => match[1])).toEqual([
      `https://adres.example/admin/orders/${order.id}`,
    ]);

    const second = await postCustomerMessage(db, { token: order.payment_token, text: "Ещё вопрос", now: at(2) });
    await postContactMessage(db, { name: "Jan", email: "jan@example.com", text: "Pytanie z formularza", locale: "pl", now: at(3) });
    const digest = await mailOf("operator_new_message", second.ok ? second.message.id : 0, at(60));
    expect(digest.subject).toBe("Nowe wiadomości od klientów: 2");
    expect(digest.text).toContain("Ещё вопрос");
    expect(digest.text).toContain("Formularz kontaktowy: Jan");
    expect(digest.text).toContain("Pytanie z formularza");
    expect(digest.text).toContain("https://adres.example/admin/messages");
  });
});
