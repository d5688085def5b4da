// npm run test:faults, FAULT_ONLY=payments: kill -9 the site three times while Przelewy24's
// notifications arrive (the stand-in, tests/support/p24-stand-in.mjs, retries an unanswered one
// as Przelewy24 does). Every payment the stand-in took must end paid exactly once: its order
// paid, one payment row, one audit row, one "paid" e-mail delivered once.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import type { ChildProcess } from "node:child_process";
import { stopOwnSite, waitUntilUp } from "../tests/e2e/support/own-server";
import { startPrzelewy24StandIn, TEST_P24 } from "../tests/support/p24-stand-in-process";
import { startPostgres } from "../tests/support/postgres";
import { startSmtpServer } from "../tests/support/smtp-server.mjs";

type Record = (check: string, goal: string, measured: string, pass: boolean) => void;
type Options = { port: number; startSite: (env: { [name: string]: string }) => ChildProcess; record: Record; random: () => number };

const ORDERS = 40;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function paymentsUnderKill(dialect: "sqlite" | "postgres", { port, startSite, record, random }: Options): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const received: Array<{ messageId: string; subject?: string }> = [];
  const smtp = await startSmtpServer({ onMessage: (message: { messageId: string; subject?: string }) => received.push(message) });
  const standIn = await startPrzelewy24StandIn();
  const postgres = dialect === "postgres" ? await startPostgres() : null;
  const databasePath = join(mkdtempSync(join(tmpdir(), "faults-payments-")), "app.db");
  const env = {
    ...(postgres ? { DATABASE_URL: postgres.url } : { DATABASE_PATH: databasePath }),
    ORDER_TOKEN_SECRET: "faults-payments-secret-of-at-least-32-characters",
    SMTP_URL: smtp.url,
    RATE_LIMIT_DISABLED: "1",
    P24_MERCHANT_ID: String(TEST_P24.merchantId),
    P24_POS_ID: String(TEST_P24.posId),
    P24_API_KEY: TEST_P24.apiKey,
    P24_CRC: TEST_P24.crc,
    P24_API_URL: standIn.url,
  };
  let site = startSite(env);
  try {
    await waitUntilUp(port, site);
    // The orders first; then each is paid by BLIK, its notification due at a random moment of the next ~8 s.
    const orders: Array<{ number: string; path: string }> = [];
    for (let i = 0; i < ORDERS; i++) {
      const response = await fetch(`${base}/api/accept`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": `pay-${dialect}-${i}` },
        body: JSON.stringify({
          imie_nazwisko_najemcy: `Pay ${i}`,
          email: `pay-${i}@example.com`,
          telefon: "600100200",
          adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
          adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
          rodzaj_oswiadczenia: "regular",
          okres_najmu_dni: 90,
        }),
      });
      const body = (await response.json()) as { order_number: string; payment_url: string };
      orders.push({ number: body.order_number, path: body.payment_url });
      await fetch(`${standIn.url}/__control`, {
        method: "POST",
        body: JSON.stringify({
          sessionPrefix: `${body.order_number}-`,
          delayMs: Math.floor(random() * 8000),
          notification: i % 4 === 0 ? "twice" : "send",
        }),
      });
    }
    await Promise.all(
      orders.map((order) =>
        fetch(`${base}${order.path}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
          body: "intent=blik&blikCode=777123",
          redirect: "manual",
        }).catch(() => null),
      ),
    );
    for (let kill = 0; kill < 3; kill++) {
      await sleep(1500 + Math.floor(random() * 1500));
      await stopOwnSite(site, "SIGKILL");
      site = startSite(env);
      await waitUntilUp(port, site);
    }

    const charged = async () =>
      (
        (await (await fetch(`${standIn.url}/__transactions?sessionPrefix=AE-`)).json()) as Array<{
          sessionId: string;
          status: number;
          notifications: Array<{ status: number }>;
        }>
      ).filter((t) => t.status === 2);
    // Done when every charged payment's notification was answered 200 (the stand-in retries until then) and the outbox is empty.
    const deadline = Date.now() + 120_000;
    let state = await readBack(dialect, postgres?.url ?? null, databasePath);
    let paidAtGateway = await charged();
    while (Date.now() < deadline && (paidAtGateway.some((t) => !t.notifications.some((n) => n.status === 200)) || state.pendingMail > 0)) {
      await sleep(1000);
      state = await readBack(dialect, postgres?.url ?? null, databasePath);
      paidAtGateway = await charged();
    }
    const paidSessions = new Set(state.paidSessions);
    const lost = paidAtGateway.filter((t) => !paidSessions.has(t.sessionId));
    const paidMails = received.filter((mail) => /jest opłacone/.test(mail.subject ?? ""));
    const distinct = new Set(paidMails.map((mail) => mail.messageId));
    const notificationsSent = paidAtGateway.reduce((sum, t) => sum + t.notifications.length, 0);
    console.log(
      `payments under kill -9 on ${dialect}: ${paidAtGateway.length} charged, ${notificationsSent} notification posts (retries included), ${state.paidSessions.length} paid rows, ${state.paidEvents} "paid" audit rows, ${paidMails.length} "paid" e-mails (${distinct.size} distinct)`,
    );
    record(
      `payments, kill -9 x3 on ${dialect}: charged payments not applied`,
      "0",
      `${lost.length} of ${paidAtGateway.length}`,
      lost.length === 0 && paidAtGateway.length > 0,
    );
    record(
      `payments, kill -9 x3 on ${dialect}: applied twice`,
      "0",
      `${state.paidEvents - state.paidSessions.length} extra audit rows, ${state.ordersPaidTwice} orders with two paid rows`,
      state.paidEvents === state.paidSessions.length && state.ordersPaidTwice === 0,
    );
    record(
      `payments, kill -9 x3 on ${dialect}: "paid" e-mails`,
      "one Message-ID per paid order (a copy resent after a kill keeps it)",
      `${distinct.size} Message-IDs in ${paidMails.length} e-mails for ${state.paidSessions.length}`,
      distinct.size === state.paidSessions.length,
    );
  } finally {
    await stopOwnSite(site, "SIGTERM");
    await standIn.stop();
    await smtp.stop();
    postgres?.stop();
  }
}

async function readBack(dialect: "sqlite" | "postgres", postgresUrl: string | null, sqlitePath: string) {
  const query = async (text: string): Promise<Array<{ [column: string]: unknown }>> => {
    if (dialect === "sqlite") {
      const db = new Database(sqlitePath, { readonly: true });
      try {
        return db.prepare(text).all() as Array<{ [column: string]: unknown }>;
      } finally {
        db.close();
      }
    }
    const client = new pg.Client({ connectionString: postgresUrl! });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  };
  const paid = await query("SELECT session_id, order_id FROM payments WHERE state = 'paid'");
  const events = await query("SELECT count(*) AS n FROM order_events WHERE to_status = 'paid' AND operator = 'system'");
  const pendingMail = await query("SELECT count(*) AS n FROM outbox WHERE status <> 'sent'");
  const perOrder = new Map<unknown, number>();
  for (const row of paid) perOrder.set(row.order_id, (perOrder.get(row.order_id) ?? 0) + 1);
  return {
    paidSessions: paid.map((row) => String(row.session_id)),
    paidEvents: Number(events[0]?.n ?? 0),
    ordersPaidTwice: [...perOrder.values()].filter((n) => n > 1).length,
    pendingMail: Number(pendingMail[0]?.n ?? 0),
  };
}
