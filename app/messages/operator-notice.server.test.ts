import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase, type DatabaseTarget } from "~/db/db.server";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { postContactMessage, postCustomerMessage } from "./conversation.server";
import { closeOperatorNotice } from "./operator-notice.server";

const T0 = new Date("2026-11-23T09:00:00Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

describe.each(DIALECTS)("the operator's notices of new messages on %s", (dialect) => {
  let target: DatabaseTarget;
  let db: AppDatabase;
  beforeEach(async () => {
    target = await migratedTarget(dialect);
    db = await openDatabase(target);
  });
  afterEach(() => db.destroy());

  const notices = () =>
    db
      .selectFrom("outbox")
      .select(["conversation_message_id", "next_attempt_at"])
      .where("kind", "=", "operator_new_message")
      .orderBy("id")
      .execute();
  const idOf = (result: Awaited<ReturnType<typeof postCustomerMessage>>) => (result.ok ? result.message.id : 0);

  it("sends one e-mail per message, and under a burst one a minute that lists the messages not told yet", async () => {
    const { order } = await placeSampleOrder(db, T0);
    const post = (seconds: number) =>
      postCustomerMessage(db, { token: order.payment_token, text: `Wiadomość ${seconds}`, now: at(seconds) });

    const first = idOf(await post(5));
    expect(await notices()).toEqual([{ conversation_message_id: first, next_attempt_at: at(5).toISOString() }]);
    // Not composed yet: a second message of the same minute joins the first's e-mail.
    const joined = idOf(await post(6));
    expect((await closeOperatorNotice(db, first, at(7))).map((message) => message.messageId)).toEqual([first, joined]);

    // Its e-mail composed, the minute's notice is closed: the next ones wait for the next minute's, due at its start.
    const burst = [idOf(await post(20)), idOf(await post(40)), idOf(await post(59))];
    expect(await notices()).toEqual([
      { conversation_message_id: first, next_attempt_at: at(5).toISOString() },
      { conversation_message_id: burst[0], next_attempt_at: at(60).toISOString() },
    ]);
    const digest = await closeOperatorNotice(db, burst[0]!, at(60));
    expect(digest.map((message) => [message.messageId, message.body, message.orderNumber])).toEqual(
      burst.map((id, index) => [id, `Wiadomość ${[20, 40, 59][index]}`, order.number]),
    );
    // Asked again (a send that failed), the same list.
    expect(await closeOperatorNotice(db, burst[0]!, at(90))).toEqual(digest);

    // Within the digest's own minute, after it went: the minute after.
    const late = idOf(await post(70));
    expect((await notices()).at(-1)).toEqual({ conversation_message_id: late, next_attempt_at: at(120).toISOString() });
    // A quiet while later: one e-mail for one message, at once.
    const quiet = idOf(await post(600));
    expect((await notices()).at(-1)).toEqual({ conversation_message_id: quiet, next_attempt_at: at(600).toISOString() });
  });

  it("lists a contact page's message with its name and address", async () => {
    const posted = await postContactMessage(db, { name: "Jan", email: "jan@example.com", text: "Pytanie", locale: "pl", now: at(1) });
    const [owner] = await notices();
    expect(await closeOperatorNotice(db, owner!.conversation_message_id!, at(2))).toMatchObject([
      {
        conversationId: posted.ok ? posted.conversationId : 0,
        orderId: null,
        contactName: "Jan",
        contactEmail: "jan@example.com",
        body: "Pytanie",
      },
    ]);
  });

  it("lists every message in exactly one notice while messages and the notices' e-mails race, from two connections", async () => {
    const { order } = await placeSampleOrder(db, T0);
    const second = await openDatabase(target);
    const listed: number[] = [];
    const closed = new Set<number>();
    // The clock the worker sees: the latest message's time; a notice is composed once it is due.
    let clock = T0.toISOString();
    const closeDue = async (until = clock) => {
      for (const notice of await notices()) {
        const owner = notice.conversation_message_id!;
        if (closed.has(owner) || notice.next_attempt_at > until) continue;
        closed.add(owner);
        listed.push(...(await closeOperatorNotice(second, owner, at(200))).map((message) => message.messageId));
      }
    };
    try {
      const posted = await Promise.all(
        Array.from({ length: 40 }, async (_, index) => {
          const result = await postCustomerMessage(index % 2 === 0 ? db : second, {
            token: order.payment_token,
            text: `Wiadomość ${index}`,
            now: at(index * 3),
          });
          if (at(index * 3).toISOString() > clock) clock = at(index * 3).toISOString();
          if (index % 5 === 0) await closeDue();
          return idOf(result);
        }),
      );
      await closeDue("9999");
      expect([...listed].sort((a, b) => a - b)).toEqual([...posted].sort((a, b) => a - b));
      // 40 messages over two minutes: at most one e-mail in each of the two, and one in the minute after.
      expect((await notices()).length).toBeLessThanOrEqual(3);
    } finally {
      await second.destroy();
    }
  });
});
