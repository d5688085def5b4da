// npm run test:faults, FAULT_ONLY=shipping: an operator presses "Nadaj przesyłkę" on paid locker
// orders through the real site, against InPost's ShipX stand-in (confirming each shipment 1.5 s after
// creating it, so a kill often falls between its answer and our commit), while the site is killed -9
// three times; each order whose press failed is pressed again after the restart. Every order ends
// with exactly one shipment at InPost (the lookup by reference finds the first), one tracking number
// stored (InPost's), and one dispatch e-mail under one Message-ID.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { stopOwnSite, waitUntilUp } from "../tests/e2e/support/own-server";
import { secretOfUri, timeStepAt, totpCode } from "../tests/support/authenticator";
import { startSmtpServer } from "../tests/support/smtp-server.mjs";
import { mailFigures, sqliteRows } from "./faults-sqlite";

type Record = (check: string, goal: string, measured: string, pass: boolean) => void;
type Options = { port: number; startSite: (env: { [name: string]: string }) => ChildProcess; record: Record; random: () => number };

const ORDERS = 12;
const OPERATOR = "operator@faults-shipping.test";
const PASSWORD = "a long operator password for the faults";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type StandInShipment = { id: number; reference: string | null; tracking_number: string | null };

export async function shippingUnderKill({ port, startSite, record, random }: Options): Promise<void> {
  const started = Date.now();
  const base = `http://127.0.0.1:${port}`;
  const received: Array<{ messageId: string }> = [];
  const smtp = await startSmtpServer({ onMessage: (message: { messageId: string }) => received.push(message) });
  const standInPort = port + 7;
  const standInUrl = `http://127.0.0.1:${standInPort}`;
  const standIn = spawn(process.execPath, ["tests/support/inpost-stand-in.mjs"], {
    env: { ...process.env, INPOST_STAND_IN_PORT: String(standInPort) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve) => standIn.stdout!.once("data", resolve));
  await fetch(`${standInUrl}/__control`, { method: "POST", body: JSON.stringify({ confirmDelayMs: 1500 }) });
  const databasePath = join(mkdtempSync(join(tmpdir(), "faults-shipping-")), "app.db");
  const env = {
    DATABASE_PATH: databasePath,
    ORDER_TOKEN_SECRET: "faults-shipping-secret-of-at-least-32-characters",
    OPERATOR_SECRET_KEY: "faults-shipping-operator-key-of-32-or-more-characters",
    SMTP_URL: smtp.url,
    RATE_LIMIT_DISABLED: "1",
    INPOST_POINTS_URL: standInUrl,
    INPOST_API_URL: standInUrl,
    INPOST_API_TOKEN: "stand-in-shipx-token",
    INPOST_ORGANIZATION_ID: "1234",
  };
  let site = startSite(env);
  try {
    await waitUntilUp(port, site);
    const added = spawnSync("npm", ["run", "-s", "operator", "--", "add", OPERATOR], {
      input: `${PASSWORD}\n`,
      env: { ...process.env, ...env },
      encoding: "utf8",
    });
    const uri = /^otpauth:\/\/totp\/\S+$/m.exec(added.stdout ?? "")?.[0];
    if (added.status !== 0 || !uri) throw new Error(`npm run operator failed: ${added.stderr}`);
    const formPost = async (path: string, body: string, cookie = "") => {
      const response = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, ...(cookie ? { Cookie: cookie } : {}) },
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      return response;
    };
    const passwordStep = await formPost("/admin/login", new URLSearchParams({ email: OPERATOR, password: PASSWORD }).toString());
    const halfway = passwordStep.headers.get("set-cookie")?.split(";")[0] ?? "";
    const code = totpCode(secretOfUri(uri), timeStepAt(Date.now()));
    const codeStep = await formPost("/admin/login/code", new URLSearchParams({ code }).toString(), halfway);
    const cookie = codeStep.headers.get("set-cookie")?.split(";")[0] ?? "";
    if (codeStep.status !== 303 || !cookie) throw new Error(`the operator could not sign in (${passwordStep.status}, ${codeStep.status})`);

    // Paid locker orders, placed a week ago with the early start, so each may be shipped now.
    const { items } = (await (await fetch(`${standInUrl}/v1/points?relative_post_code=31-042&type=parcel_locker`)).json()) as {
      items: Array<{ name: string }>;
    };
    const orders: Array<{ id: number; number: string }> = [];
    for (let i = 0; i < ORDERS; i++) {
      const response = await fetch(`${base}/api/accept`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": `shipping-${i}` },
        body: JSON.stringify({
          imie_nazwisko_najemcy: `Shipping ${i}`,
          email: `shipping-${i}@example.com`,
          telefon: "600100200",
          adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
          adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
          rodzaj_oswiadczenia: "regular",
          okres_najmu_dni: 90,
        }),
      });
      const { order_number: number } = (await response.json()) as { order_number: string };
      const db = new Database(databasePath, { timeout: 5_000 });
      try {
        const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
        db.prepare(
          `UPDATE orders SET status = 'paid', created_at = ?, immediate_performance_consent_at = ?, paid_at = ?,
           delivery_method = 'locker', locker_name = ?, locker_address = 'Kraków' WHERE number = ?`,
        ).run(weekAgo, weekAgo, weekAgo, items[i % items.length]!.name, number);
        orders.push({ id: (db.prepare("SELECT id FROM orders WHERE number = ?").get(number) as { id: number }).id, number });
      } finally {
        db.close();
      }
    }

    // Two operators' desks press "Nadaj przesyłkę" until every order is dispatched; a press the kill cut off is pressed again.
    const dispatched = () =>
      new Set(sqliteRows(databasePath, "SELECT id FROM orders WHERE status = 'dispatched'").map((row) => Number(row.id)));
    let presses = 0;
    let cutOff = 0;
    let killing = true;
    const deadline = Date.now() + 120_000;
    const desk = async (mine: typeof orders) => {
      while (Date.now() < deadline) {
        const done = dispatched();
        const next = mine.find((order) => !done.has(order.id));
        if (!next) return;
        presses += 1;
        const answer = await formPost(`/admin/orders/${next.id}`, "intent=ship", cookie).catch(() => null);
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

    // Done when the outbox is empty; a claim left by a killed process is taken over after 60 s.
    const pending = () => sqliteRows(databasePath, "SELECT id FROM outbox WHERE status NOT IN ('sent', 'failed')").length;
    const mailDeadline = Date.now() + 90_000;
    while (Date.now() < mailDeadline && pending() > 0) await sleep(1000);

    const { shipments, creates } = (await (await fetch(`${standInUrl}/__shipments`)).json()) as {
      shipments: StandInShipment[];
      creates: number;
    };
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
    await stopOwnSite(standIn, "SIGTERM");
    await smtp.stop();
  }
}
