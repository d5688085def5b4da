// npm run test:faults, FAULT_ONLY=shipping:
// - under kill: an operator presses "Nadaj przesyłkę" on paid locker orders through the real site,
//   against InPost's ShipX stand-in (confirming each shipment 1.5 s after creating it, so a kill often
//   falls between its answer and our commit), while the site is killed -9 three times; each order
//   whose press failed is pressed again after the restart. Every order ends with exactly one shipment
//   at InPost (the lookup by reference finds the first), one tracking number stored (InPost's), and,
//   once InPost's courier has collected it (the stand-in notifies the site's webhook, and the order is
//   dispatched then: docs/decisions/066), one dispatch e-mail under one Message-ID.
// - the same order from two desks: two operators press "Nadaj przesyłkę" on the same order at the
//   same moment, on SQLite and on PostgreSQL. Only the press that claimed the order asks InPost: one
//   shipment per order, one dispatch e-mail (docs/decisions/059).
import type { ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { INPOST_WEBHOOK_PATH } from "../app/server/provider-paths";
import { stopOwnSite, waitUntilUp } from "../tests/e2e/support/own-server";
import { addOperator, formPost, OPERATOR_SECRET_KEY, signIn } from "./faults-operator";
import { startPostgres } from "../tests/support/postgres";
import { startSmtpServer } from "../tests/support/smtp-server.mjs";
import { startStandInProcess } from "../tests/support/stand-ins.mjs";
import { mailFigures, sqliteRows } from "./faults-sqlite";

type Record = (check: string, goal: string, measured: string, pass: boolean) => void;
type Options = { port: number; startSite: (env: { [name: string]: string }) => ChildProcess; record: Record; random: () => number };

const ORDERS = 12;
const SAME_ORDERS = 8;
const OPERATOR = "operator@faults-shipping.test";
/** What "Nadaj przesyłkę" posts: the intent, and the tick that says the operator means it. */
const SHIP_PRESS = "intent=ship&confirm=yes";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type StandInShipment = { id: number; reference: string | null; tracking_number: string | null };

/** The stand-in, posting each status change to the site's webhook on `sitePort` as InPost does. */
async function startInpostStandIn(port: number, sitePort: number) {
  const { url, process: child } = await startStandInProcess("inpost", {
    port,
    env: { INPOST_WEBHOOK_URL: `http://127.0.0.1:${sitePort}${INPOST_WEBHOOK_PATH}` },
  });
  const shipments = async () =>
    (await (await fetch(`${url}/__shipments`)).json()) as {
      shipments: StandInShipment[];
      creates: number;
    };
  /**
   * InPost's courier collects every parcel made so far: the stand-in moves each shipment and notifies
   * the site, which dispatches the order when it reads it (docs/decisions/066); resolves once
   * `dispatchedCount` says every order is, or after a minute.
   */
  const collectAll = async (dispatchedCount: () => Promise<number>, expected: number) => {
    for (const shipment of (await shipments()).shipments)
      await fetch(`${url}/__status`, { method: "POST", body: JSON.stringify({ id: shipment.id, status: "collected_from_sender" }) });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (await dispatchedCount()) < expected) await sleep(500);
  };
  return { url, child, shipments, collectAll };
}

/** The site's settings for InPost's stand-in, mail to the SMTP server, and no rate limits (the faults press faster than people). */
function shippingEnv(standInUrl: string, smtpUrl: string, database: { [name: string]: string }) {
  return {
    ...database,
    ORDER_TOKEN_SECRET: "faults-shipping-secret-of-at-least-32-characters",
    OPERATOR_SECRET_KEY,
    SMTP_URL: smtpUrl,
    RATE_LIMIT_DISABLED: "1",
    INPOST_POINTS_URL: standInUrl,
    INPOST_API_URL: standInUrl,
    INPOST_API_TOKEN: "stand-in-shipx-token",
    INPOST_ORGANIZATION_ID: "1234",
  };
}

/** A query on the site's database, SQLite's file or PostgreSQL's, with $1-style parameters. */
type Query = (text: string, parameters?: unknown[]) => Promise<Array<{ [column: string]: unknown }>>;

function databaseQuery(database: { sqlitePath: string } | { postgresUrl: string }): Query {
  return async (text, parameters = []) => {
    if ("sqlitePath" in database) {
      const db = new Database(database.sqlitePath, { timeout: 5_000 });
      try {
        const statement = db.prepare(text.replace(/\$\d+/g, "?"));
        return statement.reader
          ? (statement.all(...parameters) as Array<{ [column: string]: unknown }>)
          : (statement.run(...parameters), []);
      } finally {
        db.close();
      }
    }
    const client = new pg.Client({ connectionString: database.postgresUrl });
    await client.connect();
    try {
      return (await client.query(text, parameters)).rows;
    } finally {
      await client.end();
    }
  };
}

/** Locker orders placed through the API, then made paid a week ago with the early start, so each may be shipped now. */
async function paidLockerOrders(base: string, standInUrl: string, query: Query, count: number, prefix: string) {
  const { items } = (await (await fetch(`${standInUrl}/v1/points?relative_post_code=31-042&type=parcel_locker`)).json()) as {
    items: Array<{ name: string }>;
  };
  const orders: Array<{ id: number; number: string }> = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${base}/api/accept`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": `${prefix}-${i}` },
      body: JSON.stringify({
        imie_nazwisko_najemcy: `Shipping ${prefix} ${i}`,
        email: `${prefix}-${i}@example.com`,
        telefon: "600100200",
        adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
        adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
        rodzaj_oswiadczenia: "regular",
        okres_najmu_dni: 90,
      }),
    });
    const { order_number: number } = (await response.json()) as { order_number: string };
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
    await query(
      `UPDATE orders SET status = 'paid', created_at = $1, immediate_performance_consent_at = $2, paid_at = $3,
       delivery_method = 'locker', locker_name = $4, locker_address = 'Kraków' WHERE number = $5`,
      [weekAgo, weekAgo, weekAgo, items[i % items.length]!.name, number],
    );
    const [row] = await query("SELECT id FROM orders WHERE number = $1", [number]);
    orders.push({ id: Number(row!.id), number });
  }
  return orders;
}

export async function shippingUnderKill({ port, startSite, record, random }: Options): Promise<void> {
  const started = Date.now();
  const base = `http://127.0.0.1:${port}`;
  const received: Array<{ messageId: string }> = [];
  const smtp = await startSmtpServer({ onMessage: (message: { messageId: string }) => received.push(message) });
  const standIn = await startInpostStandIn(port + 7, port);
  const standInUrl = standIn.url;
  await fetch(`${standInUrl}/__control`, { method: "POST", body: JSON.stringify({ confirmDelayMs: 1500 }) });
  const databasePath = join(mkdtempSync(join(tmpdir(), "faults-shipping-")), "app.db");
  const env = shippingEnv(standInUrl, smtp.url, { DATABASE_PATH: databasePath });
  let site = startSite(env);
  try {
    await waitUntilUp(port, site);
    const cookie = await signIn(base, OPERATOR, addOperator(env, OPERATOR));
    const orders = await paidLockerOrders(base, standInUrl, databaseQuery({ sqlitePath: databasePath }), ORDERS, "kill");

    // Two operators' desks press "Nadaj przesyłkę" until every order has its label; a press the kill cut off is pressed again.
    const labelled = () =>
      new Set(sqliteRows(databasePath, "SELECT id FROM orders WHERE tracking_number IS NOT NULL").map((row) => Number(row.id)));
    let presses = 0;
    let cutOff = 0;
    let killing = true;
    const deadline = Date.now() + 180_000;
    const desk = async (mine: typeof orders) => {
      let last: (typeof orders)[number] | undefined;
      while (Date.now() < deadline) {
        const done = labelled();
        // The next order still to ship, another than the one just pressed: a claim a kill left lapses meanwhile.
        const next = mine.find((order) => !done.has(order.id) && order !== last) ?? mine.find((order) => !done.has(order.id));
        if (!next) return;
        last = next;
        presses += 1;
        const answer = await formPost(base, `/admin/orders/${next.id}`, SHIP_PRESS, cookie).catch(() => null);
        if (!answer || answer.status >= 500) {
          cutOff += 1;
          await waitUntilUp(port).catch(() => sleep(500));
        } else if (answer.status !== 303) await sleep(500);
      }
    };
    const killer = (async () => {
      for (let kill = 0; kill < 3 && killing; kill++) {
        await sleep(1500 + Math.floor(random() * 2000));
        await stopOwnSite(site, "SIGKILL");
        site = startSite(env);
        await waitUntilUp(port, site);
      }
    })();
    await Promise.all([
      desk(orders.filter((_, i) => i % 2 === 0)),
      desk(orders.filter((_, i) => i % 2 === 1)),
      killer.then(() => (killing = false)),
    ]);
    killing = false;
    await killer;
    // InPost's courier collects them: each order is dispatched, with its e-mail, when the site reads that.
    const dispatchedCount = async () => sqliteRows(databasePath, "SELECT id FROM orders WHERE status = 'dispatched'").length;
    await standIn.collectAll(dispatchedCount, ORDERS);

    // Done when the outbox is empty; a claim left by a killed process is taken over after 60 s.
    const pending = () => sqliteRows(databasePath, "SELECT id FROM outbox WHERE status NOT IN ('sent', 'failed')").length;
    const mailDeadline = Date.now() + 90_000;
    while (Date.now() < mailDeadline && pending() > 0) await sleep(1000);

    const { shipments, creates } = await standIn.shipments();
    const atInPost = new Map<string, StandInShipment[]>();
    for (const shipment of shipments) atInPost.set(shipment.reference ?? "", [...(atInPost.get(shipment.reference ?? "") ?? []), shipment]);
    const stored = sqliteRows(databasePath, "SELECT id, number, status, shipment_id, tracking_number FROM orders");
    const notOneShipment = orders.filter((order) => atInPost.get(order.number)?.length !== 1);
    const wrongTracking = stored.filter((row) => {
      const shipment = atInPost.get(String(row.number))?.[0];
      return (
        row.status !== "dispatched" ||
        !shipment ||
        row.tracking_number !== shipment.tracking_number ||
        row.shipment_id !== String(shipment.id)
      );
    });
    const { queued, mailedTwice, unsent, resent } = mailFigures(databasePath, "order_dispatched", received, new URL(base).hostname);
    console.log(
      `shipping under kill -9: ${ORDERS} paid orders, ${presses} presses of "Nadaj przesyłkę" (${cutOff} cut off by a kill), ${creates} shipments created at the stand-in, ${stored.filter((row) => row.status === "dispatched").length} dispatched, ${queued} dispatch e-mails queued, ${queued - unsent} delivered (${resent} again after a kill, same Message-ID), in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    record(
      "shipping, kill -9 x3: orders without exactly one shipment at InPost",
      "0",
      `${notOneShipment.length} of ${ORDERS} (${creates} created)`,
      notOneShipment.length === 0 && creates === ORDERS,
    );
    record(
      "shipping, kill -9 x3: orders not dispatched with InPost's shipment and tracking number",
      "0",
      `${wrongTracking.length} of ${stored.length}`,
      wrongTracking.length === 0 && stored.length === ORDERS,
    );
    record(
      "shipping, kill -9 x3: dispatch e-mails under a second Message-ID, or not sent",
      "0",
      `${mailedTwice} orders mailed twice, ${unsent} of ${queued} not sent`,
      mailedTwice === 0 && unsent === 0 && queued === ORDERS,
    );
  } finally {
    await stopOwnSite(site, "SIGTERM");
    await stopOwnSite(standIn.child, "SIGTERM");
    await smtp.stop();
  }
}

/**
 * Two operators press "Nadaj przesyłkę" on the same order at the same moment, for each of
 * SAME_ORDERS paid orders, on SQLite or PostgreSQL: one shipment at InPost per order, each order
 * dispatched once with one dispatch e-mail; the second press is told the order is being shipped
 * (409) or, when it came after, that it was (303).
 */
export async function samePressOnTwoDesks(dialect: "sqlite" | "postgres", { port, startSite, record }: Options): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const smtp = await startSmtpServer({ onMessage: () => undefined });
  const standIn = await startInpostStandIn(port + 7, port);
  const postgres = dialect === "postgres" ? await startPostgres() : null;
  const databasePath = join(mkdtempSync(join(tmpdir(), "faults-shipping-same-")), "app.db");
  const database: { [name: string]: string } = postgres ? { DATABASE_URL: postgres.url } : { DATABASE_PATH: databasePath };
  const query = databaseQuery(postgres ? { postgresUrl: postgres.url } : { sqlitePath: databasePath });
  const env = shippingEnv(standIn.url, smtp.url, database);
  const site = startSite(env);
  try {
    await waitUntilUp(port, site);
    const operators = ["desk-one@faults-shipping.test", "desk-two@faults-shipping.test"].map((email) => ({
      email,
      uri: addOperator(env, email),
    }));
    const desks = [];
    for (const { email, uri } of operators) desks.push(await signIn(base, email, uri));
    const orders = await paidLockerOrders(base, standIn.url, query, SAME_ORDERS, `same-${dialect}`);
    const answers: number[] = [];
    for (const order of orders) {
      const pair = await Promise.all(desks.map((cookie) => formPost(base, `/admin/orders/${order.id}`, SHIP_PRESS, cookie)));
      answers.push(...pair.map((answer) => answer.status));
    }
    const dispatchedCount = async () => (await query("SELECT id FROM orders WHERE status = 'dispatched'")).length;
    await standIn.collectAll(dispatchedCount, SAME_ORDERS);
    const { shipments, creates } = await standIn.shipments();
    const perOrder = orders.map((order) => shipments.filter((shipment) => shipment.reference === order.number).length);
    const stored = await query("SELECT id, status, shipment_id, tracking_number FROM orders");
    const mails = await query("SELECT order_id FROM outbox WHERE kind = 'order_dispatched'");
    const notDispatched = stored.filter((row) => row.status !== "dispatched" || !row.tracking_number).length;
    const told = answers.filter((status) => status === 409).length;
    console.log(
      `shipping, two desks on one order (${dialect}): ${SAME_ORDERS} orders pressed twice at once, answers ${answers.filter((status) => status === 303).length} x 303 and ${told} x 409 (being shipped), ${creates} shipments created, ${mails.length} dispatch e-mails queued`,
    );
    record(
      `shipping, two desks press the same order (${dialect}): orders with other than one shipment at InPost`,
      "0",
      `${perOrder.filter((count) => count !== 1).length} of ${SAME_ORDERS} (${creates} created)`,
      perOrder.every((count) => count === 1) && creates === SAME_ORDERS,
    );
    record(
      `shipping, two desks press the same order (${dialect}): orders not dispatched once, with one dispatch e-mail`,
      "0",
      `${notDispatched} not dispatched, ${mails.length} e-mails for ${SAME_ORDERS} orders; other answers than 303/409: ${answers.filter((status) => status !== 303 && status !== 409).length}`,
      notDispatched === 0 && mails.length === SAME_ORDERS && answers.every((status) => status === 303 || status === 409),
    );
  } finally {
    await stopOwnSite(site, "SIGTERM");
    await stopOwnSite(standIn.child, "SIGTERM");
    await smtp.stop();
    postgres?.stop();
  }
}
