/**
 * A site process that takes a stream of customers' messages and the operator's answers, and sends
 * their e-mails, to be killed with SIGKILL in the middle of it (scripts/faults-messages.ts). It
 * writes through the domain (app/messages) into the database at the target (a SQLite path or a
 * postgres:// URL), as the order page's and the back office's posts do, and runs the mail worker
 * against SMTP_URL. After each message is stored it prints "ack <kind> <index>": the moment a
 * page would answer. It first prints "pid <pid>": run with scripts/run-ts.js, which starts this
 * bundle as its own child, that is the pid to kill. Args: target, first index, last index, then the
 * orders as "<id>:<token>" pairs.
 */
import { openDatabase } from "~/db/db.server";
import { env } from "~/config/env.server";
import { documentsOnThisThread } from "~/jobs/document-thread.server";
import { startMailOutbox } from "~/jobs/mail-worker.server";
import { createMailTransport } from "~/mail/transport.server";
import { openConversationOfOrder, postCustomerMessage, postOperatorAnswer } from "~/messages/conversation.server";

const [target, first, last, ...pairs] = process.argv.slice(2);
process.stdout.write(`pid ${process.pid}\n`);
const db = await openDatabase(target!.startsWith("postgres") ? { postgresUrl: target! } : { sqlitePath: target! });
const orders = pairs.map((pair) => {
  const [id, token] = pair.split(":");
  return { id: Number(id), token: token! };
});
const transport = createMailTransport({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, mailDir: env.MAIL_DIR });
const worker = startMailOutbox(db, transport, documentsOnThisThread, { pollMs: 100, firstRetryMs: 500, log: () => undefined });

for (let index = Number(first); index <= Number(last); index++) {
  const order = orders[index % orders.length]!;
  const posted = await postCustomerMessage(db, { token: order.token, text: `m-${index}`, now: new Date() });
  if (!posted.ok) throw new Error(`message ${index} refused: ${posted.refusal.kind}`);
  process.stdout.write(`ack customer ${index}\n`);
  worker.nudge();
  if (index % 3 === 0) {
    const conversationId = (await openConversationOfOrder(db, order.id, new Date()))!;
    const answered = await postOperatorAnswer(db, { conversationId, operator: "op@faults.test", text: `a-${index}`, now: new Date() });
    if (!answered.ok) throw new Error(`answer ${index} refused: ${answered.refusal.kind}`);
    process.stdout.write(`ack operator ${index}\n`);
    worker.nudge();
  }
}
process.stdout.write("stream done\n");
// Then it keeps sending until the parent stops it (the worker's own timer does not hold the process): a notice waits for its minute.
setInterval(() => undefined, 60_000);
