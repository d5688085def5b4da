// npm run test:faults, FAULT_ONLY=messages: customers' messages and the operator's answers stream
// into a site process (tests/support/message-stream-process.ts) that is killed -9 three times, on
// SQLite and on PostgreSQL. Every message acknowledged must be stored; every answer reaches the
// SMTP server under one Message-ID (a copy sent again after a kill keeps it: at least once,
// counted); every customer's message is listed by exactly one operator's notice, and no two
// notices leave for one minute (docs/decisions/085).
//
// The stream runs the domain in a child process rather than posting to the order page: the page's
// form (msg-customer) answers exactly when postCustomerMessage has committed, so the
// acknowledgement is the same moment, and this fault stands on the core alone.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { startPostgres } from "../tests/support/postgres";
import { placeSampleOrder } from "../tests/support/sample-order";
import { startSmtpServer } from "../tests/support/smtp-server.mjs";

type Record = (check: string, goal: string, measured: string, pass: boolean) => void;
type Received = { messageId: string; to: string[]; text: string };

const ORDERS = 4;
const MESSAGES = 150;
const KILLS = 3;
const OPERATOR_EMAIL = "operator@faults.test";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function messagesUnderKill(dialect: "sqlite" | "postgres", { record, random }: { record: Record; random: () => number }) {
  const received: Received[] = [];
  const smtp = await startSmtpServer({ onMessage: (message: Received) => received.push(message) });
  const postgres = dialect === "postgres" ? await startPostgres() : null;
  const target = postgres?.url ?? join(mkdtempSync(join(tmpdir(), "faults-messages-")), "app.db");
  const db: AppDatabase = await openDatabase(postgres ? { postgresUrl: target } : { sqlitePath: target });
  const childEnv = { ...process.env, SMTP_URL: smtp.url, OPERATOR_EMAIL, SITE_URL: "http://127.0.0.1:3999", LOG_LEVEL: "silent" };
  const acknowledged = { customer: new Set<number>(), operator: new Set<number>() };
  let child: { process: ChildProcess; pid: Promise<number> } | null = null;
  /** Ends the stream's process itself (run-ts.js runs it as its own child), and waits for both to be gone. */
  const stop = async (signal: NodeJS.Signals) => {
    if (!child || child.process.exitCode !== null) return;
    const exited = new Promise((resolve) => child!.process.once("exit", resolve));
    process.kill(await child.pid, signal);
    await exited;
  };
  try {
    const orders = [];
    for (let i = 0; i < ORDERS; i++) orders.push((await placeSampleOrder(db, new Date(), { idempotencyKey: `messages-${i}` })).order);
    // The orders' own e-mails are not what this fault counts.
    await db.updateTable("outbox").set({ status: "sent" }).where("order_id", "is not", null).execute();
    const pairs = orders.map((order) => `${order.id}:${order.payment_token}`);

    let done = false;
    const start = (from: number) => {
      const started = spawn(
        process.execPath,
        ["scripts/run-ts.js", "tests/support/message-stream-process.ts", target, String(from), String(MESSAGES - 1), ...pairs],
        {
          stdio: ["ignore", "pipe", "inherit"],
          env: childEnv,
        },
      );
      let pidOf: (pid: number) => void = () => undefined;
      const pid = new Promise<number>((resolve) => (pidOf = resolve));
      createInterface({ input: started.stdout! }).on("line", (line) => {
        const [word, author, index] = line.split(" ");
        if (word === "pid") pidOf(Number(author));
        if (word === "ack") acknowledged[author as "customer" | "operator"].add(Number(index));
        if (line === "stream done") done = true;
      });
      return { process: started, pid };
    };
    const next = () => (acknowledged.customer.size === 0 ? 0 : Math.max(...acknowledged.customer) + 1);
    child = start(0);
    for (let kill = 0; kill < KILLS; kill++) {
      // Killed once it has taken some of the stream, at a random moment after that.
      const goal = Math.floor(((kill + 1) * MESSAGES) / (KILLS + 2));
      while (acknowledged.customer.size < goal && !done) await sleep(20);
      await sleep(Math.floor(random() * 300));
      await stop("SIGKILL");
      child = start(next());
    }
    while (!done) await sleep(100);

    // The outbox drains: a notice waits for its minute, and a claim left by a killed process is taken over after 60 s.
    const unsent = () =>
      db.selectFrom("outbox").select("id").where("conversation_message_id", "is not", null).where("status", "!=", "sent").execute();
    const deadline = Date.now() + 200_000;
    while ((await unsent()).length > 0 && Date.now() < deadline) await sleep(1000);

    const stored = await db.selectFrom("conversation_messages").select(["id", "author", "body", "notice_minute"]).orderBy("id").execute();
    const storedTexts = new Set(stored.map((message) => message.body));
    const lost = [
      ...[...acknowledged.customer].filter((index) => !storedTexts.has(`m-${index}`)),
      ...[...acknowledged.operator].filter((index) => !storedTexts.has(`a-${index}`)),
    ];
    const idsOf = (predicate: (message: Received) => boolean) => {
      const ids = new Map<string, number>();
      for (const message of received.filter(predicate)) ids.set(message.messageId, (ids.get(message.messageId) ?? 0) + 1);
      return ids;
    };
    // Answers: one Message-ID per stored answer, each delivered (again after a kill: the same Message-ID).
    const answers = stored.filter((message) => message.author === "operator");
    const answerMails = idsOf((message) => !message.to.includes(OPERATOR_EMAIL));
    const answerIdsByMessage = new Map<number, Set<string>>();
    for (const id of answerMails.keys()) {
      const messageId = Number(/\.conversation-(\d+)@/.exec(id)?.[1]);
      answerIdsByMessage.set(messageId, (answerIdsByMessage.get(messageId) ?? new Set()).add(id));
    }
    const answersTwice = [...answerIdsByMessage.values()].filter((ids) => ids.size > 1).length;
    const answersUnsent = answers.filter((answer) => !answerIdsByMessage.has(answer.id)).length;
    const answersResent = [...answerMails.values()].reduce((sum, n) => sum + n - 1, 0);
    // Notices: each customer's message in exactly one notice's Message-ID (a notice sent again keeps its id).
    const noticeMails = received.filter((message) => message.to.includes(OPERATOR_EMAIL));
    const noticeIds = idsOf((message) => message.to.includes(OPERATOR_EMAIL));
    const listedIn = new Map<string, Set<string>>();
    for (const mail of noticeMails)
      for (const [text] of mail.text.matchAll(/\bm-\d+\b/g)) listedIn.set(text, (listedIn.get(text) ?? new Set()).add(mail.messageId));
    const customers = stored.filter((message) => message.author === "customer");
    const customerTexts = new Set(customers.map((message) => message.body!));
    const notListed = [...customerTexts].filter((text) => !listedIn.has(text)).length;
    const listedTwice = [...listedIn.values()].filter((ids) => ids.size > 1).length;
    const notices = await db.selectFrom("conversation_notices").select("minute").execute();
    const noticesResent = [...noticeIds.values()].reduce((sum, n) => sum + n - 1, 0);
    console.log(
      `messages under kill -9 on ${dialect}: ${MESSAGES} customers' messages and ${answers.length} answers stored (${acknowledged.customer.size} and ${acknowledged.operator.size} acknowledged, ${customers.length - customerTexts.size} stored twice after a cut-off answer); ${answerMails.size} answers' Message-IDs at the SMTP server; ${notices.length} operator's notices for ${customers.length} messages, ${noticeIds.size} Message-IDs`,
    );
    record(
      `messages on ${dialect}, kill -9 x${KILLS}: acknowledged messages not stored`,
      "0",
      `${lost.length} of ${acknowledged.customer.size + acknowledged.operator.size}`,
      lost.length === 0 && acknowledged.customer.size > 0,
    );
    record(
      `messages on ${dialect}, kill -9 x${KILLS}: answers e-mailed under two Message-IDs, or not e-mailed`,
      "0",
      `${answersTwice} twice, ${answersUnsent} of ${answers.length} not sent; same Message-ID again after a kill: ${answersResent}`,
      answersTwice === 0 && answersUnsent === 0 && answers.length > 0,
    );
    record(
      `messages on ${dialect}, kill -9 x${KILLS}: customers' messages in two operator's notices, or in none; notices beyond one a minute`,
      "0",
      `${listedTwice} in two, ${notListed} of ${customerTexts.size} in none; ${noticeIds.size} notices e-mailed for ${notices.length} minutes; same Message-ID again after a kill: ${noticesResent}`,
      listedTwice === 0 && notListed === 0 && noticeIds.size === notices.length,
    );
  } finally {
    await stop("SIGKILL");
    await db.destroy();
    await smtp.stop();
    postgres?.stop();
  }
}
