import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import pg from "pg";
import { startPostgres, type TestPostgres } from "../support/postgres";
import { placeOrder } from "./support/admin";
import { randomLetters } from "./support/order";
import { ownSitePort, startOwnSite, stopOwnSite, waitUntilUp } from "./support/own-server";

/**
 * A backup taken while orders keep arriving restores with nothing lost: every order the site
 * acknowledged before `npm run backup` began is in the copy `npm run restore` puts into a fresh
 * database, and a site started on that copy serves each one's payment page. Meanwhile a restore
 * into the running site's own database is refused. Once per database, in the js project: it is a
 * server behaviour, and each run starts its own sites.
 */
type Acknowledged = { number: string; paymentPath: string; beforeBackup: boolean; duringBackup: boolean };

/** `npm run backup` or `npm run restore <file>` as an operator runs it, with the site's settings. */
function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn("npm", ["run", "-s", ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (text: string) => (output += text));
  child.stderr.setEncoding("utf8").on("data", (text: string) => (output += text));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, output })));
}

/**
 * Customers ordering back to back through the JSON API on `workers` connections; each order is
 * counted once its 201 answer arrived, marked with where the backup stood at that moment.
 */
function streamOfAccepts(api: APIRequestContext, workers: number) {
  const acknowledged: Acknowledged[] = [];
  const backup = { began: false, ended: false };
  let running = true;
  let onAcknowledged = () => {};
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      const order = await placeOrder(api, { name: `Kopia ${randomLetters()}` });
      acknowledged.push({ ...order, beforeBackup: !backup.began, duringBackup: backup.began && !backup.ended });
      onAcknowledged();
    }
  });
  const failed = Promise.all(loops).then(() => Promise.reject(new Error("the stream of accepts stopped")));
  failed.catch(() => undefined);
  return {
    acknowledged,
    backup,
    /** Resolves once `count` orders have been acknowledged; fails as soon as an order is not. */
    until: (count: number) =>
      Promise.race([
        new Promise<void>((resolve) => {
          onAcknowledged = () => acknowledged.length >= count && resolve();
        }),
        failed,
      ]),
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** What a test started, stopped after it even when it timed out (a `finally` would not run then). */
const started: { sites: ChildProcess[]; api?: APIRequestContext; postgres?: TestPostgres } = { sites: [] };

async function backupUnderLoadRestores(
  siteEnv: Record<string, string>,
  restoredEnv: Record<string, string>,
  ports: readonly [number, number],
  logFile: (name: string) => string,
) {
  const backupDir = mkdtempSync(join(tmpdir(), "backup-e2e-"));
  const site = startOwnSite(ports[0], siteEnv, { logFile: logFile("site.log") });
  started.sites.push(site);
  await waitUntilUp(ports[0], site);
  started.api = await request.newContext({ baseURL: `http://127.0.0.1:${ports[0]}` });
  const stream = streamOfAccepts(started.api, 3);

  await stream.until(15);
  stream.backup.began = true;
  const backup = await runCli(["backup"], { ...siteEnv, BACKUP_DIR: backupDir });
  stream.backup.ended = true;
  expect(backup.output).toMatch(/^Backup written: .*backup-\S+Z\.(sqlite3|pgdump) \(/m);
  expect(backup.code).toBe(0);
  const file = join(backupDir, readdirSync(backupDir)[0]!);
  // Every customer's data is in it: only the site's user may read it.
  expect(statSync(file).mode & 0o777).toBe(0o600);

  // Into the running site's own database a restore is refused, and the site goes on taking orders.
  const [refused, restored] = await Promise.all([runCli(["restore", file], siteEnv), runCli(["restore", file], restoredEnv)]);
  expect(refused.output).toContain("is the site still running?");
  expect(refused.code).toBe(1);
  await stream.until(stream.acknowledged.length + 3);
  await stream.stop();
  await stopOwnSite(site, "SIGTERM");
  const restoredOrders = Number(/^Restored .*: (\d+) orders, schema version \d+/m.exec(restored.output)?.[1]);
  expect(restored.code).toBe(0);
  // Onto a database that did not exist: nothing tells which customers were erased after the backup, and the command says so.
  expect(restored.output).toContain("No database was replaced, so the erasures made after this backup was taken are not known here.");
  if (restoredEnv.DATABASE_PATH) expect(statSync(restoredEnv.DATABASE_PATH).mode & 0o777).toBe(0o600);

  const beforeBackup = stream.acknowledged.filter((order) => order.beforeBackup);
  expect(beforeBackup.length).toBeGreaterThanOrEqual(15);
  // The copy holds at least those, and no order that was never acknowledged.
  expect(restoredOrders).toBeGreaterThanOrEqual(beforeBackup.length);
  expect(restoredOrders).toBeLessThanOrEqual(stream.acknowledged.length);
  // Orders kept arriving while the backup ran.
  expect(stream.acknowledged.filter((order) => order.duringBackup).length).toBeGreaterThan(0);
  const restoredSite = startOwnSite(ports[1], restoredEnv, { logFile: logFile("restored-site.log") });
  started.sites.push(restoredSite);
  await waitUntilUp(ports[1], restoredSite);
  const pages = await Promise.all(
    beforeBackup.map(async (order) => {
      const response = await fetch(`http://127.0.0.1:${ports[1]}${order.paymentPath}`);
      return { number: order.number, status: response.status, shows: (await response.text()).includes(order.number) };
    }),
  );
  expect(pages.filter((page) => page.status !== 200 || !page.shows)).toEqual([]);
  return `${stream.acknowledged.length} acknowledged, ${beforeBackup.length} before the backup began, ${restoredOrders} restored; ${backup.output.trim()}`;
}

test.describe("a backup taken under load restores with nothing lost", () => {
  // Two site starts each, and a PostgreSQL cluster: under a minute alone, minutes on a host busy with much else.
  test.describe.configure({ timeout: 240_000 });
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== "js", "a server behaviour: it runs once, in the js project");
  });
  test.afterEach(async () => {
    await started.api?.dispose();
    await Promise.all(started.sites.splice(0).map((site) => stopOwnSite(site, "SIGTERM")));
    started.postgres?.stop();
    Object.assign(started, { api: undefined, postgres: undefined });
  });

  test("on SQLite", async ({}, testInfo) => {
    const folder = (name: string) => mkdtempSync(join(tmpdir(), `backup-e2e-${name}-`));
    const common = { DATABASE_URL: "", RATE_LIMIT_EXEMPT: "127.0.0.1" };
    const figures = await backupUnderLoadRestores(
      { ...common, DATABASE_PATH: join(folder("site"), "app.db") },
      // A fresh folder that does not exist yet, as on a new machine.
      { ...common, DATABASE_PATH: join(folder("restored"), "data", "app.db") },
      [ownSitePort(70), ownSitePort(71)],
      (name) => testInfo.outputPath(name),
    );
    testInfo.annotations.push({ type: "orders", description: figures });
  });

  test("on PostgreSQL", async ({}, testInfo) => {
    const postgres = await startPostgres();
    started.postgres = postgres;
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query("CREATE DATABASE adres");
    await admin.query("CREATE DATABASE adres_restored");
    await admin.end();
    const database = (name: string) => Object.assign(new URL(postgres.url), { pathname: `/${name}` }).toString();
    const common = { ORDER_TOKEN_SECRET: "backup-e2e-secret-of-at-least-32-characters", RATE_LIMIT_EXEMPT: "127.0.0.1" };
    const figures = await backupUnderLoadRestores(
      { ...common, DATABASE_URL: database("adres") },
      { ...common, DATABASE_URL: database("adres_restored") },
      [ownSitePort(72), ownSitePort(73)],
      (name) => testInfo.outputPath(name),
    );
    testInfo.annotations.push({ type: "orders", description: figures });
  });
});
