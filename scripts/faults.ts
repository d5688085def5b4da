// npm run test:faults: the fault and load figures, on the production build, over
// real HTTP on 127.0.0.1 only, bounded in count and time. Prints figures and exits non-zero
// when a target is missed.
//   1. fuzz:  FAULT_FUZZ_COUNT (10,000) malformed bodies across every POST route: 0 x 5xx.
//   2. kill:  kill -9 three times during an accept load, on SQLite and on PostgreSQL: every
//             acknowledged order is in the database, every e-mail arrives under one Message-ID
//             (delivery is at least once: a kill after the SMTP server's acceptance and before
//             the sent mark sends a message again, with the same Message-ID; counted, not failed).
//   3. flood: one client far over the POST limit while another keeps loading pages.
//   4. input: deep field names, crowded forms and control characters (scripts/faults-input.ts).
//   methods, pdf, slow: the server layer's checks (scripts/faults-server.ts); pdf includes a client
//             flooding the document thread with dropped requests.
//   payments: kill -9 three times while Przelewy24's notifications arrive, on SQLite and on
//             PostgreSQL: no paid payment lost or applied twice (scripts/faults-payments.ts).
//   withdrawals: kill -9 twice while statements arrive through the two-step form: none acknowledged
//             and lost, no order marked twice, no acknowledgement under two Message-IDs
//             (scripts/faults-withdrawals.ts).
//   invoices: kill -9 three times while orders that asked for an invoice are paid: one invoice
//             each, numbers without a gap, one Message-ID per invoice e-mail, KSeF's stand-in
//             receives each invoice once (scripts/faults-invoices.ts).
//   shipping: kill -9 three times while an operator ships paid locker orders through InPost's
//             stand-in: one shipment at InPost per order, one tracking number stored, one
//             Message-ID per dispatch e-mail; and two desks pressing the same order at once, on
//             SQLite and on PostgreSQL: one shipment each (scripts/faults-shipping.ts).
//   messages: kill -9 three times while customers' messages and answers stream in, on SQLite and on
//             PostgreSQL: none acknowledged and lost, each answer under one Message-ID, each
//             message in exactly one operator's notice (scripts/faults-messages.ts).
// Usage: npm run build && npm run test:faults   (FAULT_PORT, default 3800; FAULT_ONLY=fuzz,kill,flood,methods,pdf,slow,input,payments,withdrawals,invoices,shipping,messages)
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { startOwnSite, stopOwnSite, waitUntilUp } from "../tests/e2e/support/own-server";
import { startPostgres } from "../tests/support/postgres";
import { startSmtpServer } from "../tests/support/smtp-server.mjs";
import { inputFaults } from "./faults-input";
import { paymentsUnderKill } from "./faults-payments";
import { invoicesUnderKill } from "./faults-invoices";
import { samePressOnTwoDesks, shippingUnderKill } from "./faults-shipping";
import { withdrawalsUnderKill } from "./faults-withdrawals";
import { messagesUnderKill } from "./faults-messages";
import { agreementDownloads, documentThreadFlood, methodFloods, slowClients } from "./faults-server";

const port = Number(process.env.FAULT_PORT ?? 3800);
const base = `http://127.0.0.1:${port}`;
const only = new Set(
  (process.env.FAULT_ONLY ?? "fuzz,kill,flood,methods,pdf,slow,input,payments,withdrawals,invoices,shipping,messages").split(","),
);
const results: Array<{ check: string; goal: string; measured: string; pass: boolean }> = [];
const record = (check: string, goal: string, measured: string, pass: boolean) => {
  results.push({ check, goal, measured, pass });
  console.log(`${pass ? "PASS" : "FAIL"}  ${check}: ${measured} (goal ${goal})`);
};
/** The sites' output, for a look after a failed check. */
const siteLog = join(mkdtempSync(join(tmpdir(), "faults-log-")), "site.log");
const startSite = (env: Record<string, string>) => startOwnSite(port, env, { logFile: siteLog });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ------------------------------------------------------------------ 1. fuzzed bodies
/** A seeded generator, so a failing body can be produced again (FAULT_SEED). */
let seed = Number(process.env.FAULT_SEED ?? 20261122);
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const POST_ROUTES = [
  "/zamowienie-oswiadczenia",
  "/en/order-declaration",
  "/uk/order-declaration",
  "/ru/order-declaration",
  "/umowa-automatyczna",
  "/api/preview",
  "/api/accept",
  "/consent",
  "/tracking/event",
  "/admin/login",
  "/admin/logout",
  "/admin/orders/1",
  "/admin/orders.csv",
  "/",
  "/kontakt",
  "/platnosc/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  "/agreement/x",
  "/nie-ma-takiej-strony",
] as const;
const FIELD_NAMES = [
  "intent",
  "token",
  "js",
  "declarationType",
  "rodzaj_oswiadczenia",
  "tenantName",
  "landlordName",
  "startDate",
  "email",
  "phone",
  "telefon",
  "propertyAddress",
  "propertyPostalCode",
  "propertyCity",
  "mailingAddress",
  "mailingPostalCode",
  "mailingCity",
  "additionalInfo",
  "dataProcessingConsent",
  "acceptTerms",
  "immediatePerformanceConsent",
  "website",
  "choice",
  "event",
  "password",
  "transition",
  "paidAt",
  "trackingNumber",
  "reason",
  "imie_nazwisko_najemcy",
  "adres_najemcy",
  "adres_eksmisji",
  "okres_najmu_dni",
  "jezyk",
  "__proto__",
  "constructor",
] as const;
const NASTY_VALUES = [
  "",
  " ",
  "preview",
  "accept",
  "edit",
  "regular",
  "notarized",
  "on",
  "true",
  "2026-13-45",
  "31.02.2027",
  "00-000",
  "+48 600 100 200",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "%00",
  "\u0000",
  "\u202Eevil",
  "🏠🔑",
  "Ł".repeat(5000),
  "x".repeat(70_000),
  "NaN",
  "-1",
  "1e309",
  "eyJhbGciOiJub25lIn0.e30.",
  "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  "{{constructor.constructor('return 1')()}}",
  "\r\n\r\nHTTP/1.1 200 OK",
] as const;
const nasty = () =>
  random() < 0.6
    ? pick(NASTY_VALUES)
    : String.fromCharCode(...Array.from({ length: Math.floor(random() * 40) }, () => Math.floor(random() * 0xd7ff)));

function randomJson(depth = 0): unknown {
  const roll = random();
  if (depth > 3 || roll < 0.3) return pick([nasty(), 0, -1, 1e308, null, true, false, [], {}]);
  if (roll < 0.5) return Array.from({ length: Math.floor(random() * 4) }, () => randomJson(depth + 1));
  return Object.fromEntries(Array.from({ length: Math.floor(random() * 8) }, () => [pick(FIELD_NAMES), randomJson(depth + 1)]));
}

function fuzzedRequest(): { path: string; init: RequestInit } {
  const path = pick(POST_ROUTES);
  const kind = random();
  if (kind < 0.4) {
    const form = new URLSearchParams();
    for (let i = Math.floor(random() * 14); i > 0; i--) form.append(random() < 0.9 ? pick(FIELD_NAMES) : nasty(), nasty());
    return { path, init: { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: form.toString() } };
  }
  if (kind < 0.65) {
    const body = random() < 0.8 ? JSON.stringify(randomJson()) : `{"imie_nazwisko_najemcy": "${nasty()}"`;
    return {
      path,
      init: {
        method: "POST",
        headers: { "Content-Type": pick(["application/json", "text/plain", "application/json; charset=latin1"]) },
        body,
      },
    };
  }
  if (kind < 0.8) {
    const boundary = `----fuzz${Math.floor(random() * 1e9)}`;
    const parts = Array.from(
      { length: Math.floor(random() * 5) },
      () => `--${boundary}\r\nContent-Disposition: form-data; name="${pick(FIELD_NAMES)}"\r\n\r\n${nasty()}\r\n`,
    );
    const body = parts.join("") + (random() < 0.7 ? `--${boundary}--\r\n` : "--broken");
    return {
      path,
      init: { method: "POST", headers: { "Content-Type": `multipart/form-data; boundary=${random() < 0.8 ? boundary : "other"}` }, body },
    };
  }
  const bytes = new Uint8Array(Math.floor(random() * (random() < 0.05 ? 80_000 : 2_000)));
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(random() * 256);
  const contentType = pick([
    "application/x-www-form-urlencoded",
    "application/json",
    "multipart/form-data",
    "application/octet-stream",
    "text/xml",
    "",
  ]);
  return { path, init: { method: "POST", headers: contentType ? { "Content-Type": contentType } : {}, body: bytes } };
}

const bodyLength = (body: RequestInit["body"]) =>
  typeof body === "string" ? Buffer.byteLength(body) : body instanceof Uint8Array ? body.length : 0;

async function fuzz() {
  const count = Number(process.env.FAULT_FUZZ_COUNT ?? 10_000);
  const site = startSite({ DATABASE_PATH: join(mkdtempSync(join(tmpdir(), "faults-fuzz-")), "app.db"), RATE_LIMIT_DISABLED: "1" });
  try {
    await waitUntilUp(port, site);
    const statuses = new Map<number, number>();
    const serverErrors: string[] = [];
    const failures = new Map<string, number>();
    let sent = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 12 }, async () => {
        while (sent < count) {
          sent += 1;
          const { path, init } = fuzzedRequest();
          const status = await fetch(`${base}${path}`, { ...init, redirect: "manual", signal: AbortSignal.timeout(15_000) }).then(
            async (response) => {
              await response.arrayBuffer().catch(() => undefined);
              return response.status;
            },
            (error: Error & { cause?: { code?: string } }) => {
              failures.set(`${error.name} ${error.cause?.code ?? ""}`, (failures.get(`${error.name} ${error.cause?.code ?? ""}`) ?? 0) + 1);
              return 0;
            },
          );
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status >= 500 || status === 0)
            serverErrors.push(
              `${status} ${(init.headers as Record<string, string>)["Content-Type"] ?? "-"} ${path} ${bodyLength(init.body)} bytes: ${String(init.body).slice(0, 80).replace(/\s+/g, " ")}`,
            );
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const summary = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}: ${n}`)
      .join(", ");
    console.log(
      `fuzz: ${count} bodies over ${POST_ROUTES.length} routes in ${seconds.toFixed(1)} s (${(count / seconds).toFixed(0)}/s); statuses ${summary}`,
    );
    for (const example of serverErrors.slice(0, 5)) console.log(`  ${example}`);
    for (const [failure, n] of failures) console.log(`  no answer (${failure}): ${n}`);
    record(
      "fuzzed bodies answered without a 5xx or a dropped connection",
      "0",
      `${serverErrors.length} of ${count}`,
      serverErrors.length === 0,
    );
    record(
      "the site answers its health check after the fuzzing",
      "200",
      String((await fetch(`${base}/healthz`)).status),
      (await fetch(`${base}/healthz`)).ok,
    );
  } finally {
    await stopOwnSite(site, "SIGTERM");
  }
}

// ------------------------------------------------------------------ 2. kill -9 under load
type Dialect = "sqlite" | "postgres";

async function killUnderLoad(dialect: Dialect) {
  const received: Array<{ messageId: string; to: string[] }> = [];
  const smtp = await startSmtpServer({ onMessage: (message) => received.push(message) });
  const postgres = dialect === "postgres" ? await startPostgres() : null;
  const databasePath = join(mkdtempSync(join(tmpdir(), "faults-kill-")), "app.db");
  const env: Record<string, string> = {
    ...(postgres ? { DATABASE_URL: postgres.url } : { DATABASE_PATH: databasePath }),
    ORDER_TOKEN_SECRET: "faults-kill-test-secret-of-at-least-32-characters",
    SMTP_URL: smtp.url,
    OPERATOR_EMAIL: "operator@faults.test",
    RATE_LIMIT_DISABLED: "1",
  };
  let site = startSite(env);
  const acknowledged = new Set<string>();
  let attempts = 0;
  let loading = true;
  try {
    await waitUntilUp(port, site);
    const load = Promise.all(
      // About 20 orders a second: each confirmation draws a PDF, so the outbox can drain within the bound below.
      Array.from({ length: 4 }, async (_, worker) => {
        for (let i = 0; loading; i++) {
          if (i > 0) await sleep(200);
          attempts += 1;
          const response = await fetch(`${base}/api/accept`, {
            method: "POST",
            headers: { "Content-Type": "application/json", "Idempotency-Key": `kill-${dialect}-${worker}-${i}` },
            body: JSON.stringify({
              imie_nazwisko_najemcy: `Kill ${worker}-${i}`,
              email: `kill-${worker}-${i}@example.com`,
              telefon: "600100200",
              adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
              adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
              rodzaj_oswiadczenia: "regular",
              okres_najmu_dni: 90,
            }),
            signal: AbortSignal.timeout(10_000),
          }).catch(() => null);
          // Only an answer read in full is an acknowledgement: a kill can cut one off mid-body.
          const body = response?.status === 201 ? ((await response.json().catch(() => null)) as { order_number: string } | null) : null;
          if (body) acknowledged.add(body.order_number);
          else if (!response) await sleep(50);
        }
      }),
    );
    for (let kill = 0; kill < 3; kill++) {
      await sleep(2000 + Math.floor(random() * 1500));
      await stopOwnSite(site, "SIGKILL");
      site = startSite(env);
      await waitUntilUp(port, site);
    }
    await sleep(2000);
    loading = false;
    await load;

    const { numbers, outbox } = await readBack(dialect, postgres?.url ?? null, databasePath);
    const lost = [...acknowledged].filter((number) => !numbers.has(number));
    // The outbox drains after the last restart; a claim left by a killed process is taken over after 60 s.
    const deadline = Date.now() + 180_000;
    let pending = outbox.pending;
    while (pending > 0 && Date.now() < deadline) {
      await sleep(1000);
      pending = (await readBack(dialect, postgres?.url ?? null, databasePath)).outbox.pending;
    }
    const final = await readBack(dialect, postgres?.url ?? null, databasePath);
    const deliveries = new Map<string, number>();
    for (const message of received) deliveries.set(message.messageId, (deliveries.get(message.messageId) ?? 0) + 1);
    const missing = final.outbox.messageIds.filter((id) => !deliveries.has(id));
    const doubled = [...deliveries.values()].filter((n) => n > 1).length;
    const queued = new Set(final.outbox.messageIds);
    const strangers = [...deliveries.keys()].filter((id) => !queued.has(id));
    console.log(
      `kill -9 on ${dialect}: ${attempts} accepts tried, ${acknowledged.size} acknowledged, ${final.numbers.size} orders stored, ${final.outbox.messageIds.length} e-mails queued, ${received.length} delivered (${deliveries.size} distinct)`,
    );
    record(
      `kill -9 x3 on ${dialect}: acknowledged orders lost`,
      "0",
      `${lost.length} of ${acknowledged.size}`,
      lost.length === 0 && acknowledged.size > 0,
    );
    record(
      `kill -9 x3 on ${dialect}: e-mails lost`,
      "0",
      `${missing.length} of ${final.outbox.messageIds.length} (still queued: ${pending})`,
      missing.length === 0,
    );
    record(
      `kill -9 x3 on ${dialect}: e-mails under a Message-ID the outbox did not give (a repeat is the same message, at least once)`,
      "0",
      `${strangers.length}; sent again after a kill, same Message-ID: ${doubled}`,
      strangers.length === 0,
    );
  } finally {
    loading = false;
    await stopOwnSite(site, "SIGTERM");
    await smtp.stop();
    postgres?.stop();
  }
}

/** Order numbers and outbox state, read straight from the database. */
async function readBack(dialect: Dialect, postgresUrl: string | null, sqlitePath: string) {
  const query = async (text: string): Promise<Array<Record<string, unknown>>> => {
    if (dialect === "sqlite") {
      const db = new Database(sqlitePath, { readonly: true });
      try {
        return db.prepare(text).all() as Array<Record<string, unknown>>;
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
  const orders = await query("SELECT number FROM orders");
  const messages = await query(
    "SELECT outbox.id AS id, outbox.status AS status, orders.number AS number FROM outbox JOIN orders ON orders.id = outbox.order_id",
  );
  const host = new URL(base).hostname;
  return {
    numbers: new Set(orders.map((row) => String(row.number))),
    outbox: {
      pending: messages.filter((row) => row.status !== "sent").length,
      messageIds: messages.map((row) => `<outbox-${row.id}.${row.number}@${host}>`),
    },
  };
}

// ------------------------------------------------------------------ 3. a flood against the limits
async function flood() {
  const site = startSite({ DATABASE_PATH: join(mkdtempSync(join(tmpdir(), "faults-flood-")), "app.db"), TRUST_PROXY: "1" });
  try {
    await waitUntilUp(port, site);
    const seconds = 10;
    const until = Date.now() + seconds * 1000;
    const floodStatuses = new Map<number, number>();
    const pageTimes: number[] = [];
    const pageStatuses = new Map<number, number>();
    const flooder = Promise.all(
      Array.from({ length: 16 }, async (_, worker) => {
        for (let i = 0; Date.now() < until; i++) {
          const response = await fetch(`${base}/api/accept`, {
            method: "POST",
            headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.66.0.1" },
            body: JSON.stringify({
              imie_nazwisko_najemcy: `Flood ${worker}-${i}`,
              email: "flood@example.com",
              telefon: "600100200",
              adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
              adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
              rodzaj_oswiadczenia: "regular",
              okres_najmu_dni: 90,
            }),
          }).catch(() => null);
          const status = response?.status ?? 0;
          await response?.arrayBuffer();
          floodStatuses.set(status, (floodStatuses.get(status) ?? 0) + 1);
        }
      }),
    );
    const reader = (async () => {
      const paths = ["/", "/dla-najemcy", "/zamowienie-oswiadczenia", "/regulamin", "/en"];
      for (let i = 0; Date.now() < until; i++) {
        const started = performance.now();
        const response = await fetch(`${base}${paths[i % paths.length]}`, { headers: { "X-Forwarded-For": "10.77.0.1" } }).catch(
          () => null,
        );
        await response?.arrayBuffer();
        pageTimes.push(performance.now() - started);
        pageStatuses.set(response?.status ?? 0, (pageStatuses.get(response?.status ?? 0) ?? 0) + 1);
        await sleep(50);
      }
    })();
    await Promise.all([flooder, reader]);
    const created = floodStatuses.get(201) ?? 0;
    const limited = floodStatuses.get(429) ?? 0;
    const total = [...floodStatuses.values()].reduce((a, b) => a + b, 0);
    const sorted = [...pageTimes].sort((a, b) => a - b);
    const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? NaN;
    const pagesOk = pageStatuses.get(200) ?? 0;
    console.log(
      `flood: ${total} POSTs in ${seconds} s from one address: ${created} created, ${limited} answered 429; pages from another address: ${pagesOk}/${pageTimes.length} loaded, p95 ${p95.toFixed(0)} ms`,
    );
    record("flood: orders created by one address in 10 s", "<= 30 (30 POSTs a minute)", String(created), created <= 30 && created > 0);
    record("flood: the rest refused with 429", `${total - created}`, String(limited), limited === total - created);
    record(
      "flood: pages from another address keep loading",
      "all 200",
      `${pagesOk} of ${pageTimes.length}, p95 ${p95.toFixed(0)} ms`,
      pagesOk === pageTimes.length && pageTimes.length > 0,
    );
  } finally {
    await stopOwnSite(site, "SIGTERM");
  }
}

const started = Date.now();
if (only.has("fuzz")) await fuzz();
if (only.has("kill")) {
  await killUnderLoad("sqlite");
  await killUnderLoad("postgres");
}
if (only.has("flood")) await flood();
if (only.has("methods")) await methodFloods({ port, base, startSite, record });
if (only.has("pdf")) {
  await agreementDownloads({ port, base, startSite, record });
  await documentThreadFlood({ port, base, startSite, record });
}
if (only.has("slow")) await slowClients({ port, base, startSite, record });
if (only.has("input")) await inputFaults({ port, record, startSite });
if (only.has("payments")) {
  await paymentsUnderKill("sqlite", { port, startSite, record, random });
  await paymentsUnderKill("postgres", { port, startSite, record, random });
}
if (only.has("withdrawals")) await withdrawalsUnderKill({ port, startSite, record, random });
if (only.has("invoices")) await invoicesUnderKill({ port, startSite, record, random });
if (only.has("shipping")) {
  await shippingUnderKill({ port, startSite, record, random });
  await samePressOnTwoDesks("sqlite", { port, startSite, record, random });
  await samePressOnTwoDesks("postgres", { port, startSite, record, random });
}
if (only.has("messages")) {
  await messagesUnderKill("sqlite", { record, random });
  await messagesUnderKill("postgres", { record, random });
}
const failed = results.filter((result) => !result.pass);
if (failed.length > 0) console.log(`the sites' output: ${siteLog}`);
console.log(
  `\n${results.length - failed.length} of ${results.length} fault checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
process.exit(failed.length === 0 ? 0 : 1);
