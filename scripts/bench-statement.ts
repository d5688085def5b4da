// A 2,000-line bank statement read and matched against ~500 orders awaiting payment (issue 47):
//   1. in process, each round on a fresh database: readStatement alone, then readStatement +
//      importStatement against the 2 s target, and the longest time the event loop got no turn
//      meanwhile; on SQLite and, if a private cluster starts (tests/support/postgres.ts), on PostgreSQL;
//   2. through HTTP on the production build, each round a fresh server on a fresh copy of the
//      orders: public pages and pages that read the database, asked for at a steady pace while
//      quiet and then while an operator's upload of the statement is in flight, side by side,
//      with the upload's own time.
// Prints figures (never a timed test); exits 1 when a median misses the 2 s target or the
// statement did not match what it was built to match.
// Usage: npm run build && npm run bench:statement
//   BENCH_PORT (default 3750), BENCH_ONLY=sqlite,postgres,http, BENCH_STATEMENT_ROUNDS (3),
//   BENCH_STATEMENT_ORDERS (500), BENCH_STATEMENT_LINES (2000), BENCH_PAGE_REQUESTS (40 a page
//   while quiet), BENCH_PAGE_INTERVAL_MS (200: each page asked for every 200 ms).
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { operatorKeys } from "~/admin/operator-keys.server";
import { addOperator } from "~/admin/operators.server";
import { importStatement } from "~/bank-statements/import.server";
import { readStatement } from "~/bank-statements/read-statement";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { paymentPath } from "~/order/order.server";
import { placeSampleOrder } from "../tests/support/sample-order";
import { mt940Statement, type TestEntry } from "../tests/support/bank-statement";
import { timeStepAt, totpCode } from "../tests/support/authenticator";
import { startPostgres } from "../tests/support/postgres";
import { ms, percentile, startServer, waitForServer } from "./bench-orders.js";

const TARGET_MS = 2000;
const port = Number(process.env.BENCH_PORT ?? 3750);
const only = new Set((process.env.BENCH_ONLY ?? "sqlite,postgres,http").split(","));
const rounds = Number(process.env.BENCH_STATEMENT_ROUNDS ?? 3);
const orderCount = Number(process.env.BENCH_STATEMENT_ORDERS ?? 500);
const lineCount = Number(process.env.BENCH_STATEMENT_LINES ?? 2000);
const pageRequests = Number(process.env.BENCH_PAGE_REQUESTS ?? 40);
const pageIntervalMs = Number(process.env.BENCH_PAGE_INTERVAL_MS ?? 200);
/** Lines paying an order exactly, paying one the wrong amount, and paying one's price with the tenant's name but no number. */
const EXACT = Math.round(orderCount * 0.6);
const WRONG_AMOUNT = Math.round(orderCount * 0.2);
const NO_NUMBER = Math.round(orderCount * 0.04);

type Row = { target: string; goal: string; measured: string; pass: boolean | null };
const rows: Row[] = [];
const row = (target: string, goal: string, measured: string, pass: boolean | null) => rows.push({ target, goal, measured, pass });

// ---------------------------------------------------------------- invented people and a statement

/** The same figures every run (mulberry32). */
function seededRandom(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]! };
}

const FIRST_NAMES = ["Jan", "Zofia", "Łukasz", "Małgorzata", "Grzegorz", "Katarzyna", "Paweł", "Agnieszka", "Michał", "Joanna"];
const MORE_FIRST_NAMES = ["Tomasz", "Bożena", "Jędrzej", "Żaneta", "Krzysztof", "Ewa", "Sławomir", "Jadwiga", "Mikołaj", "Urszula"];
const SURNAMES = ["Wiśniewska", "Wójcik", "Kamiński", "Dąbrowska", "Woźniak", "Kozłowski", "Szymańska", "Jabłoński", "Wróbel", "Stępień"];
const MORE_SURNAMES = ["Górecka", "Żak", "Król", "Pawłowski", "Grabowska", "Michalski", "Kwiatkowska", "Olszewski", "Małecka", "Ślusarz"];
const MONTHS = [
  "styczeń",
  "luty",
  "marzec",
  "kwiecień",
  "maj",
  "czerwiec",
  "lipiec",
  "sierpień",
  "wrzesień",
  "październik",
  "listopad",
  "grudzień",
];
const DEBITS = [
  (m: string) => `Czynsz za ${m}`,
  (m: string) => `Opłata za prąd – ${m}`,
  (m: string) => `Składka ZUS za ${m}`,
  (m: string) => `Podatek VAT-7 za ${m}`,
  () => "Zakup materiałów biurowych",
  () => "Abonament telefoniczny, łącze światłowodowe",
  () => "Znaczki i koperty – Poczta Polska",
  (m: string) => `FV/${m.slice(0, 3).toUpperCase()}/2026 usługi księgowe`,
];
const CREDITS = [
  () => "Zwrot za obiad",
  () => "Zwrot nadpłaty",
  (m: string) => `Wynagrodzenie za ${m}`,
  () => "Zwrot kaucji za mieszkanie",
  () => "Za bilety na koncert, dzięki!",
  () => "Rozliczenie wspólnych zakupów",
  (m: string) => `Dopłata do wycieczki – ${m}`,
];

type PlacedOrder = { number: string; priceGrosze: number; tenantName: string; paymentPath: string };

/** Orders awaiting payment, as customers place them; their e-mails went out long ago (marked sent), so no worker renders them while the bench measures. */
async function placeOrders(db: AppDatabase, at: Date): Promise<PlacedOrder[]> {
  const random = seededRandom(47);
  const placed: PlacedOrder[] = [];
  for (let index = 0; index < orderCount; index++) {
    const tenantName = `${random.pick(index % 2 ? FIRST_NAMES : MORE_FIRST_NAMES)} ${random.pick(index % 3 ? SURNAMES : MORE_SURNAMES)}`;
    const { order } = await placeSampleOrder(db, at, {
      details: { tenantName, declarationType: index % 4 === 3 ? "notarized" : "regular", email: `klient${index}@example.com` },
      idempotencyKey: `bench-statement-${index}`,
    });
    placed.push({ number: order.number, priceGrosze: order.price_grosze, tenantName, paymentPath: paymentPath(order) });
  }
  await db.updateTable("outbox").set({ status: "sent", sent_at: at.toISOString() }).execute();
  return placed;
}

/** The ways people write the order's number in a title: as printed, spaced, run together, in lower case with the zeros left out. */
function titleFor(number: string, variant: number, name: string): string {
  const [, year, seq] = /^AE-(\d{4})-(\d{6})$/.exec(number)!;
  const short = String(Number(seq));
  const titles = [
    `Zamówienie ${number}`,
    `Oświadczenie o adresie AE ${year} ${short}`,
    `AE${year}${seq} ${name}`,
    `opłata za zamówienie ae-${year}-${short}`,
  ];
  return titles[variant % titles.length]!;
}

/**
 * lineCount entries over the last two weeks: EXACT paying an order to the grosz, WRONG_AMOUNT
 * paying one too little or too much, NO_NUMBER with an order's price and its tenant's name but no
 * number, and the rest other people's transfers in and out of the account.
 */
function statementEntries(orders: readonly PlacedOrder[], today: Date): TestEntry[] {
  const random = seededRandom(2026);
  const account = () => `PL${Array.from({ length: 26 }, () => Math.floor(random.next() * 10)).join("")}`;
  const day = () => new Date(today.getTime() - Math.floor(random.next() * 14) * 86_400_000).toISOString().slice(0, 10);
  const month = () => random.pick(MONTHS);
  const stranger = () => `${random.pick(MORE_FIRST_NAMES)} ${random.pick(["Nowacka", "Zając", "Łęcki", "Bąk", "Cieślak", "Żurawska"])}`;
  const entries: Omit<TestEntry, "reference">[] = [];
  orders.slice(0, EXACT).forEach((order, index) =>
    entries.push({
      bookedOn: day(),
      amountGrosze: order.priceGrosze,
      title: titleFor(order.number, index, order.tenantName),
      name: order.tenantName,
      account: account(),
    }),
  );
  orders.slice(EXACT, EXACT + WRONG_AMOUNT).forEach((order, index) =>
    entries.push({
      bookedOn: day(),
      amountGrosze: index % 2 ? order.priceGrosze - 1_000 : order.priceGrosze + 10_000,
      title: titleFor(order.number, index, order.tenantName),
      name: order.tenantName,
      account: account(),
    }),
  );
  orders.slice(EXACT + WRONG_AMOUNT, EXACT + WRONG_AMOUNT + NO_NUMBER).forEach((order) =>
    entries.push({
      bookedOn: day(),
      amountGrosze: order.priceGrosze,
      title: `Oświadczenie dla ${order.tenantName}`,
      name: order.tenantName,
      account: account(),
    }),
  );
  while (entries.length < lineCount) {
    const debit = random.next() < 0.6;
    // Never 299 or 399 zł: another person's transfer is no order's payment.
    const grosze = 1_000 + Math.floor(random.next() * 400_000) + 1;
    entries.push({
      bookedOn: day(),
      amountGrosze: debit ? -grosze : grosze,
      title: random.pick(debit ? DEBITS : CREDITS)(month()),
      name: debit
        ? random.pick([
            "Spółdzielnia Mieszkaniowa Śródmieście",
            "Tauron Sprzedaż",
            "ZUS",
            "Urząd Skarbowy Łódź-Bałuty",
            "Biuro Rachunkowe Żółw",
          ])
        : stranger(),
      account: account(),
    });
  }
  // Shuffled, then in booking order, as a bank lists them; each with the bank's own reference.
  return entries
    .map((entry) => ({ entry, key: random.next() }))
    .sort((a, b) => a.key - b.key)
    .map(({ entry }) => entry)
    .sort((a, b) => a.bookedOn.localeCompare(b.bookedOn))
    .map((entry, index) => ({ ...entry, reference: `BENCH${String(index + 1).padStart(6, "0")}` }));
}

const expectedCounts = () => ({
  paid: EXACT,
  toCheck: WRONG_AMOUNT + NO_NUMBER,
  readBefore: 0,
  notOurs: lineCount - EXACT - WRONG_AMOUNT - NO_NUMBER,
});

// ---------------------------------------------------------------- 1. in process

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)! };
};
const spread = (values: number[]) => {
  const { min, median, max } = summary(values);
  return `min ${ms(min)}, median ${ms(median)}, max ${ms(max)}`;
};

/** One fresh database per round (`freshDatabase`), the statement read and then read and imported; the counts must be the ones the statement was built for. */
async function inProcess(label: string, freshDatabase: () => Promise<AppDatabase>, bytes: Buffer) {
  const readTimes: number[] = [];
  const totalTimes: number[] = [];
  const stalls: number[] = [];
  const cpuTimes: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const db = await freshDatabase();
    try {
      let started = performance.now();
      await readStatement(bytes);
      readTimes.push(performance.now() - started);
      // The longest the event loop went without a turn: how long another request would have waited behind this one.
      // (A tick every 5 ms; better-sqlite3 answers synchronously, so the awaits alone never give the loop a turn.)
      const ticks = [performance.now()];
      const ticking = setInterval(() => ticks.push(performance.now()), 5);
      started = performance.now();
      const cpu = process.cpuUsage();
      const read = await readStatement(bytes);
      if (read.kind !== "read") throw new Error(`the bench's statement was not read: ${JSON.stringify(read)}`);
      const result = await importStatement(db, { fileName: "wyciag-bench.sta", bytes, read }, "bench@adres.test", new Date());
      totalTimes.push(performance.now() - started);
      const used = process.cpuUsage(cpu);
      cpuTimes.push((used.user + used.system) / 1000);
      await new Promise((resolve) => setTimeout(resolve, 20));
      clearInterval(ticking);
      stalls.push(Math.max(...ticks.slice(1).map((tick, index) => tick - ticks[index]!)));
      if (result.kind !== "imported" || JSON.stringify(result.counts) !== JSON.stringify(expectedCounts()))
        throw new Error(`${label}: expected ${JSON.stringify(expectedCounts())}, got ${JSON.stringify(result)}`);
    } finally {
      await db.destroy();
    }
  }
  row(`${label}: readStatement alone, ${lineCount} lines`, "(figure only)", spread(readTimes), null);
  row(
    `${label}: read + import (${EXACT} paid, ${WRONG_AMOUNT + NO_NUMBER} to check)`,
    `< ${TARGET_MS / 1000} s`,
    spread(totalTimes),
    // The median: on a shared host one round can fall on another process's busy moment.
    summary(totalTimes).median < TARGET_MS,
  );
  row(`${label}: this process's CPU during read + import`, "(figure only)", spread(cpuTimes), null);
  row(`${label}: longest event-loop stall during read + import`, "(figure only)", spread(stalls), null);
}

async function onPostgres(bytes: Buffer) {
  let cluster: Awaited<ReturnType<typeof startPostgres>>;
  try {
    cluster = await startPostgres();
  } catch (error) {
    row("PostgreSQL", "(optional)", `not run: ${(error as Error).message.split("\n")[0]}`, null);
    return;
  }
  try {
    let counter = 0;
    await inProcess(
      "PostgreSQL",
      async () => {
        const admin = new pg.Client({ connectionString: cluster.url });
        await admin.connect();
        const name = `bench_statement_${++counter}`;
        try {
          await admin.query(`CREATE DATABASE ${name}`);
        } finally {
          await admin.end();
        }
        const url = new URL(cluster.url);
        url.pathname = `/${name}`;
        const db = await openDatabase({ postgresUrl: url.toString() });
        await placeOrders(db, placedAt);
        return db;
      },
      bytes,
    );
  } finally {
    cluster.stop();
  }
}

// ---------------------------------------------------------------- 2. side by side through HTTP

const OPERATOR = { email: "bench@adres.test", password: "Hasło operatora do benchmarku 2026" };
const OPERATOR_SECRET_KEY = "the statement bench's operator secret key, 32+ characters";

/** The session cookie a response sets (name=value only). */
function sessionOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((each) => each.startsWith("adres_admin="));
  if (!cookie) throw new Error(`no session cookie in the answer to ${response.url} (${response.status})`);
  return cookie.split(";")[0]!;
}

/** Both steps, as the sign-in forms post them: the password, then the authenticator's current code. */
async function signIn(base: string, secret: string): Promise<string> {
  const post = (path: string, fields: Record<string, string>, cookie?: string) =>
    fetch(`${base}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields),
      signal: AbortSignal.timeout(30_000),
    });
  const password = await post("/admin/login", OPERATOR);
  if (password.status !== 303) throw new Error(`sign-in: the password step answered ${password.status}`);
  const code = await post("/admin/login/code", { code: totpCode(secret, timeStepAt(Date.now())) }, sessionOf(password));
  if (code.status !== 303) throw new Error(`sign-in: the code step answered ${code.status}`);
  return sessionOf(code);
}

type Page = { name: string; path: string; cookie?: string };

/** One page asked for and read to its last byte: how long it took, or why it failed. */
async function timeOne(base: string, page: Page): Promise<number | string> {
  const started = performance.now();
  try {
    const response = await fetch(`${base}${page.path}`, {
      headers: page.cookie ? { Cookie: page.cookie } : {},
      signal: AbortSignal.timeout(60_000),
    });
    await response.arrayBuffer();
    return response.status === 200 ? performance.now() - started : `status ${response.status}`;
  } catch (error) {
    return String((error as Error).cause ?? error);
  }
}

type PageTimes = { times: number[]; failures: string[] };

/**
 * The pages asked for in turn at a steady pace whatever the answers take (an open loop, as
 * visitors arrive): `count` requests a page, or until `until` says stop (within two minutes).
 * Each request's time counts, also of those answered after the stop.
 */
async function timePages(base: string, pages: readonly Page[], { count, until }: { count?: number; until?: () => boolean }) {
  const deadline = performance.now() + 120_000;
  const sent: Array<Promise<readonly [string, number | string]>> = [];
  for (let index = 0; count === undefined || index < count * pages.length; index++) {
    if (until?.() || performance.now() > deadline) break;
    const page = pages[index % pages.length]!;
    sent.push(timeOne(base, page).then((outcome) => [page.name, outcome] as const));
    await new Promise((resolve) => setTimeout(resolve, pageIntervalMs / pages.length));
  }
  const results = new Map<string, PageTimes>(pages.map((page) => [page.name, { times: [], failures: [] }]));
  for (const [name, outcome] of await Promise.all(sent)) {
    const result = results.get(name)!;
    if (typeof outcome === "number") result.times.push(outcome);
    else result.failures.push(outcome);
  }
  return results;
}

type Round = { uploadMs: number; paid: number; quiet: Map<string, PageTimes>; during: Map<string, PageTimes> };

/**
 * A fresh server on a fresh copy of the orders, an operator signed in; the pages quiet, then the
 * upload with the pages asked for at the same pace until it answers.
 */
async function serverRound(directory: string, templatePath: string, bytes: Buffer, pages: (cookie: string) => Page[]): Promise<Round> {
  copyFileSync(templatePath, join(directory, "bench.db"));
  const setup = await openDatabase({ sqlitePath: join(directory, "bench.db") });
  const added = await addOperator(setup, OPERATOR.email, OPERATOR.password, new Date(), operatorKeys(OPERATOR_SECRET_KEY));
  await setup.destroy();
  if (added.outcome !== "added") throw new Error("the bench's operator exists already in a fresh database");

  // Behind a reverse proxy, as deployed (README.md's nginx): the cap of 50 connections per client
  // address is then the proxy's to keep, and the pages' visitors, who queue up while the upload
  // holds the process, are not cut off by it as one address.
  const server = startServer(port, directory, { OPERATOR_SECRET_KEY, TRUST_PROXY: "1" });
  const stop = () => void server.stop();
  process.on("exit", stop);
  try {
    await waitForServer(server.base);
    const cookie = await signIn(server.base, added.enrolment.secret);
    const measured = pages(cookie);
    await timePages(server.base, measured, { count: 3 });
    const quiet = await timePages(server.base, measured, { count: pageRequests });

    const form = new FormData();
    form.set("intent", "upload");
    form.set("statement", new File([new Uint8Array(bytes)], "wyciag-bench.sta", { type: "application/octet-stream" }));
    let answered = false;
    const started = performance.now();
    const upload = fetch(`${server.base}/admin/bank-statements`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.base, Cookie: cookie },
      body: form,
      signal: AbortSignal.timeout(120_000),
    }).then(async (response) => {
      await response.arrayBuffer();
      answered = true;
      return { response, ms: performance.now() - started };
    });
    const during = await timePages(server.base, measured, { until: () => answered });
    const { response, ms: uploadMs } = await upload;
    const location = response.headers.get("location") ?? "";
    if (response.status !== 303 || !/^\/admin\/bank-statements\/\d+$/.test(location))
      throw new Error(`the upload answered ${response.status} ${location}`);

    const check = await openDatabase({ sqlitePath: join(directory, "bench.db") });
    const paid = (await check.selectFrom("orders").select("id").where("status", "=", "paid").execute()).length;
    await check.destroy();
    return { uploadMs, paid, quiet, during };
  } finally {
    process.off("exit", stop);
    await server.stop();
  }
}

async function sideBySide(templatePath: string, orders: readonly PlacedOrder[], bytes: Buffer) {
  if (!existsSync("build/index.js")) {
    row("through HTTP", "(needs the build)", "not run: build/index.js missing (npm run build)", false);
    return;
  }
  const someone = orders[orders.length - 1]!;
  const pages = (cookie: string): Page[] => [
    { name: "GET /", path: "/" },
    { name: "GET /zamowienie-oswiadczenia", path: "/zamowienie-oswiadczenia" },
    { name: "GET /platnosc/… (reads the order)", path: someone.paymentPath },
    { name: "GET /admin?q=… (searches orders)", path: `/admin?q=${encodeURIComponent(someone.tenantName.split(" ")[1]!)}`, cookie },
  ];
  const results: Round[] = [];
  for (let round = 0; round < rounds; round++) results.push(await serverRound(freshDir(), templatePath, bytes, pages));

  const uploads = results.map((result) => result.uploadMs);
  row(
    `HTTP: upload of the ${lineCount}-line statement (POST to its 303)`,
    `< ${TARGET_MS / 1000} s`,
    `${spread(uploads)}; ${results.map((result) => result.paid).join(", ")} marked paid`,
    summary(uploads).median < TARGET_MS && results.every((result) => result.paid === EXACT),
  );
  const merged = (of: "quiet" | "during", name: string): PageTimes => ({
    times: results.flatMap((result) => result[of].get(name)!.times),
    failures: results.flatMap((result) => result[of].get(name)!.failures),
  });
  const describe = ({ times, failures }: PageTimes) =>
    (times.length
      ? `p50 ${ms(percentile(times, 0.5))}, p95 ${ms(percentile(times, 0.95))}, max ${ms(Math.max(...times))} (${times.length})`
      : "no answer") + (failures.length ? `, ${failures.length} failed: ${[...new Set(failures)].join("; ")}` : "");
  console.log("");
  console.log(
    `Pages, each asked for every ${pageIntervalMs} ms, over ${rounds} fresh servers: quiet, and while the upload was in flight (${spread(uploads)})`,
  );
  console.log(`${"page".padEnd(38)} ${"quiet".padEnd(48)} during the upload`);
  for (const { name } of pages(""))
    console.log(`${name.padEnd(38)} ${describe(merged("quiet", name)).padEnd(48)} ${describe(merged("during", name))}`);
}

// ---------------------------------------------------------------- run

// Ended by a signal, the run still stops its server and removes its folder (the "exit" handlers).
process.on("SIGINT", () => process.exit(130));
process.on("SIGTERM", () => process.exit(143));
// Every database and server folder of the run lives under one folder, gone when the run ends.
const workDir = mkdtempSync(join(tmpdir(), "adres-bench-statement-"));
process.on("exit", () => rmSync(workDir, { recursive: true, force: true }));
const freshDir = () => mkdtempSync(join(workDir, "db-"));
/** A day ago: the orders are still within their time to pay when the server's housekeeping looks at them. */
const placedAt = new Date(Date.now() - 86_400_000);
const templatePath = join(freshDir(), "template.db");
const template = await openDatabase({ sqlitePath: templatePath });
const orders = await placeOrders(template, placedAt);
await template.destroy();
const bytes = Buffer.from(
  mt940Statement(statementEntries(orders, new Date()), { openingGrosze: 5_000_000, reference: "BENCH/2026/47" }),
  "utf8",
);
console.log(`${orderCount} orders awaiting payment; a ${lineCount}-line MT940 statement of ${(bytes.length / 1024).toFixed(0)} KiB`);

if (only.has("sqlite"))
  await inProcess(
    "SQLite",
    async () => {
      const path = join(freshDir(), "app.db");
      copyFileSync(templatePath, path);
      return openDatabase({ sqlitePath: path });
    },
    bytes,
  );
if (only.has("postgres")) await onPostgres(bytes);
if (only.has("http")) await sideBySide(templatePath, orders, bytes);

console.log("");
console.log(`${"target".padEnd(60)} ${"goal".padEnd(18)} ${"measured".padEnd(56)} result`);
for (const { target, goal, measured, pass } of rows)
  console.log(`${target.padEnd(60)} ${goal.padEnd(18)} ${measured.padEnd(56)} ${pass === null ? "" : pass ? "PASS" : "FAIL"}`);
process.exit(rows.every((each) => each.pass !== false) ? 0 : 1);
