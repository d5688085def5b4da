import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { documentsOnThisThread } from "./document-thread.server";
import { FIRST_RETRY_MS } from "~/outbox/outbox.server";
import { startSmtpServer } from "../../tests/support/smtp-server.mjs";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { startMailOutbox } from "./mail-worker.server";
import { createMailTransport } from "~/mail/transport.server";
import { env } from "~/config/env.server";
import { postCustomerMessage, postOperatorAnswer } from "~/messages/conversation.server";
import { conversationIdOfOrder } from "~/messages/inbox.server";

const T0 = new Date("2026-11-23T09:00:00Z");
/** The worker's first pass, a second after the order. */
const T1 = new Date(T0.getTime() + 1000);

describe.each(DIALECTS)("the mail worker on %s, against a real SMTP server", (dialect) => {
  let db: AppDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
    smtp = await startSmtpServer();
  });
  afterEach(async () => {
    await smtp.stop();
    await db.destroy();
  });

  async function sendQueuedMail(customerAddress: string) {
    const { order } = await placeSampleOrder(db, T0, { details: { email: customerAddress } });
    const worker = startMailOutbox(
      db,
      createMailTransport({ smtpUrl: smtp.url, from: "zamowienia@adres.test", mailDir: "unused" }),
      documentsOnThisThread,
      {
        pollMs: 60_000,
        log: () => undefined,
        now: () => T1,
      },
    );
    await worker.drain();
    await worker.stop();
    const rows = await db
      .selectFrom("outbox")
      .select(["kind", "status", "attempts", "refused", "last_error", "next_attempt_at"])
      .where("order_id", "=", order.id)
      .orderBy("id")
      .execute();
    return Object.fromEntries(rows.map((row) => [row.kind, row]));
  }

  it("gives the customer's confirmation up after one try when the server answers 550 5.1.1, and still sends the operator's notice", async () => {
    smtp.refuseRecipient("nie-ma-takiej@example.com");
    const messages = await sendQueuedMail("nie-ma-takiej@example.com");
    expect(messages.order_confirmation).toMatchObject({ status: "failed", attempts: 1, refused: 1 });
    expect(messages.order_confirmation!.last_error).toContain("550 5.1.1 <nie-ma-takiej@example.com>");
    expect(messages.operator_new_order).toMatchObject({ status: "sent", refused: 0 });
    expect(smtp.messages.map((message) => message.to)).not.toContainEqual(["nie-ma-takiej@example.com"]);
  });

  it("e-mails a conversation's answer and the operator's notice once each through the SMTP server, and logs none of the texts", async () => {
    const { order } = await placeSampleOrder(db, T0, { locale: "uk" });
    await db.updateTable("outbox").set({ status: "sent" }).where("order_id", "=", order.id).execute();
    const question = "Питання Олени: PESEL 80010112345 <b>терміново</b>";
    await postCustomerMessage(db, { token: order.payment_token, text: question, now: T0 });
    const conversationId = (await conversationIdOfOrder(db, order.id))!;
    const answer = "Відповідь: https://evil.example";
    await postOperatorAnswer(db, { conversationId, operator: "op@adres.test", text: answer, now: T0 });
    const lines: string[] = [];
    const worker = startMailOutbox(
      db,
      createMailTransport({ smtpUrl: smtp.url, from: "zamowienia@adres.test", mailDir: "unused" }),
      documentsOnThisThread,
      { pollMs: 60_000, log: (line) => lines.push(line), now: () => T1 },
    );
    await worker.drain();
    await worker.drain();
    await worker.stop();
    expect(smtp.messages.map((message) => [message.to, message.subject])).toEqual([
      [[env.OPERATOR_EMAIL], `Nowa wiadomość: zamówienie ${order.number}`],
      [[order.email], `Відповідь щодо замовлення ${order.number}`],
    ]);
    expect(smtp.messages[0]!.text).toContain(question);
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).not.toMatch(/PESEL|Питання|Відповідь|evil/);
  });

  it("keeps retrying a 4xx answer for the same mailbox", async () => {
    smtp.refuseRecipient("skrzynka-zajeta@example.com", 450);
    const messages = await sendQueuedMail("skrzynka-zajeta@example.com");
    expect(messages.order_confirmation).toMatchObject({ status: "pending", attempts: 1, refused: 0 });
    expect(messages.order_confirmation!.last_error).toContain("450 4.2.1");
    expect(messages.order_confirmation!.next_attempt_at).toBe(new Date(T1.getTime() + FIRST_RETRY_MS).toISOString());
  });
});
