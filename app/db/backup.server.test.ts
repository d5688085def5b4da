import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { Worker } from "node:worker_threads";
import { describe, expect, it, onTestFinished } from "vitest";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { DIALECTS, freshTarget, otherSessions, type Dialect } from "../../tests/support/test-databases";
import { BackupRefusal, restoreBackup, takeBackup } from "./backup.server";
import { openDatabase, type AppDatabase, type DatabaseTarget } from "./db.server";
import { MIGRATIONS } from "./migrations";

/** Opens a database as the site would hold it; it is closed when the test ends, if the test has not closed it. */
async function open(target: DatabaseTarget) {
  const db = await openDatabase(target);
  onTestFinished(() => db.destroy().catch(() => undefined));
  return db;
}

const AT = new Date("2026-11-30T02:00:00.000Z");
const backupFolder = () => mkdtempSync(join(tmpdir(), "backups-test-"));

/** A database of `count` orders, open as the site would hold it. */
async function databaseWithOrders(dialect: Dialect, count: number, tag: string) {
  const target = await freshTarget(dialect);
  const db = await open(target);
  for (let i = 0; i < count; i++) await placeSampleOrder(db, AT, { idempotencyKey: `${tag}-${i}`, details: { tenantName: `Jan ${tag}` } });
  return { target, db };
}

const tenantsOf = async (db: AppDatabase) =>
  (await db.selectFrom("orders").select(["number", "tenant_name"]).orderBy("number").execute()).map((row) => row.tenant_name);

/**
 * Notes the mode of every file in the folder, over and over, from a thread of its own: the backup
 * runs on this thread, and SQLite's VACUUM INTO holds it until the copy is whole.
 */
async function watchFileModes(directory: string) {
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { readdirSync, statSync } = require("node:fs");
     const { workerData, parentPort } = require("node:worker_threads");
     const seen = {};
     parentPort.postMessage("watching");
     while (Atomics.load(workerData.stop, 0) === 0)
       for (const name of readdirSync(workerData.directory)) {
         try {
           const mode = statSync(workerData.directory + "/" + name).mode & 0o777;
           seen[name] = [...new Set([...(seen[name] ?? []), mode])];
         } catch {}
       }
     parentPort.postMessage(seen);`,
    { eval: true, workerData: { directory, stop } },
  );
  const messages: unknown[] = [];
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
  messages.push(await next());
  const seen = next();
  return async () => {
    Atomics.store(stop, 0, 1);
    const modes = (await seen) as Record<string, number[]>;
    await worker.terminate();
    return modes;
  };
}

/** Some megabytes more in the database, so that writing its copy takes long enough to be watched. */
async function addBulk(db: AppDatabase, dialect: Dialect) {
  if (dialect === "sqlite")
    await sql`CREATE TABLE bulk AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300) SELECT randomblob(100000) AS data FROM n`.execute(
      db,
    );
  else
    await sql`CREATE TABLE bulk AS SELECT (SELECT string_agg(md5(random()::text || g || i), '') FROM generate_series(1, 300) g) AS data FROM generate_series(1, 1000) i`.execute(
      db,
    );
}

// pg_dump, pg_restore and psql are processes of their own: on a busy 2-core host a test here takes seconds.
describe.each(DIALECTS)("backup and restore on %s", { timeout: 60_000 }, (dialect) => {
  const extension = dialect === "sqlite" ? "sqlite3" : "pgdump";

  it("writes a backup under the time it was taken, and it restores every order into an empty database", async () => {
    const { target, db } = await databaseWithOrders(dialect, 3, "kopia");
    const directory = backupFolder();

    const backup = await takeBackup(target, { directory, keep: 14 }, AT);

    expect(basename(backup.file)).toBe(`backup-2026-11-30T02-00-00.000Z.${extension}`);
    expect(backup.schemaVersion).toBe(MIGRATIONS.length);
    expect(readdirSync(directory)).toEqual([basename(backup.file)]);
    expect(statSync(backup.file).mode & 0o777).toBe(0o600);
    const empty = await freshTarget(dialect);
    expect(await restoreBackup(backup.file, empty, { now: AT })).toEqual({
      orders: 3,
      schemaVersion: MIGRATIONS.length,
      replacedKeptAs: undefined,
      erasedSinceBackup: null,
    });
    const restored = await open(empty);
    expect(await tenantsOf(restored)).toEqual(await tenantsOf(db));
    // The numbering and the row ids go on after the restored orders rather than colliding with them.
    const next = await placeSampleOrder(restored, AT, { idempotencyKey: "after-restore" });
    expect(next.order.number).toBe("AE-2026-000004");
  });

  it("writes the backup readable by the site's user alone from its first byte, into a folder that others may read", async () => {
    const { target, db } = await databaseWithOrders(dialect, 1, "prywatna");
    await addBulk(db, dialect);
    const directory = backupFolder();
    chmodSync(directory, 0o755);
    const umask = process.umask(0o022);
    onTestFinished(() => void process.umask(umask));
    const stop = await watchFileModes(directory);

    const backup = await takeBackup(target, { directory, keep: 14 }, AT);

    const modes = await stop();
    const partial = `.${basename(backup.file)}.partial`;
    // The copy was seen while it was being written, and it was never readable to anyone else.
    expect(modes[partial]).toEqual([0o600]);
    expect(
      Object.values(modes)
        .flat()
        .every((mode) => mode === 0o600),
    ).toBe(true);
    expect(statSync(backup.file).mode & 0o777).toBe(0o600);
  });

  it("refuses while the database is open, and once it is closed replaces it whole and keeps the old one aside", async () => {
    const { target: source } = await databaseWithOrders(dialect, 2, "kopia");
    const backup = await takeBackup(source, { directory: backupFolder(), keep: 14 }, AT);
    const { target, db } = await databaseWithOrders(dialect, 1, "dotychczasowe");
    // A table that newer code made: after the restore it must not be left in the way of the migrations.
    await sql`CREATE TABLE made_by_newer_code (id integer)`.execute(db);

    const refused = restoreBackup(backup.file, target, { now: AT });
    await expect(refused).rejects.toThrow(BackupRefusal);
    await expect(refused).rejects.toThrow(/is the site still running\? Stop/);
    expect(await tenantsOf(db)).toEqual(["Jan dotychczasowe"]);

    await db.destroy();
    if ("postgresUrl" in target) await expect.poll(() => otherSessions(target.postgresUrl)).toBe(0);
    const outcome = await restoreBackup(backup.file, target, { now: AT });

    expect(outcome.orders).toBe(2);
    const restored = await open(target);
    expect(await tenantsOf(restored)).toEqual(["Jan kopia", "Jan kopia"]);
    if ("postgresUrl" in target) {
      expect(outcome.replacedKeptAs).toBe("the schema replaced_20261130020000000");
      const tables = await sql<{ schemaname: string }>`SELECT schemaname FROM pg_tables WHERE tablename = 'made_by_newer_code'`.execute(
        restored,
      );
      expect(tables.rows).toEqual([{ schemaname: "replaced_20261130020000000" }]);
      const kept = await sql<{ tenant_name: string }>`SELECT tenant_name FROM replaced_20261130020000000.orders`.execute(restored);
      expect(kept.rows).toEqual([{ tenant_name: "Jan dotychczasowe" }]);
    } else {
      expect(outcome.replacedKeptAs).toBe(`${target.sqlitePath}.replaced-2026-11-30T02-00-00.000Z`);
      const kept = new SQLite(outcome.replacedKeptAs!, { readonly: true });
      expect(kept.prepare("SELECT tenant_name FROM orders").all()).toEqual([{ tenant_name: "Jan dotychczasowe" }]);
      kept.close();
      expect(readdirSync(dirname(target.sqlitePath)).sort()).toEqual(
        [
          basename(target.sqlitePath),
          basename(outcome.replacedKeptAs!),
          `${basename(target.sqlitePath)}-shm`,
          `${basename(target.sqlitePath)}-wal`,
        ].sort(),
      );
    }
  });

  it("refuses a backup made by newer code, and leaves the database as it was", async () => {
    const { target: source, db: sourceDb } = await databaseWithOrders(dialect, 1, "przyszlosc");
    const newer = MIGRATIONS.length + 1;
    if (dialect === "postgres")
      await sql`INSERT INTO schema_migrations (version, name) VALUES (${newer}, 'from-newer-code')`.execute(sourceDb);
    const backup = await takeBackup(source, { directory: backupFolder(), keep: 14 }, AT);
    if (dialect === "sqlite") {
      const file = new SQLite(backup.file);
      file.pragma(`user_version = ${newer}`);
      file.close();
    }
    const { target, db } = await databaseWithOrders(dialect, 1, "dotychczasowe");
    await db.destroy();

    await expect(restoreBackup(backup.file, target, { now: AT })).rejects.toThrow(
      `was made by newer code: its schema is at version ${newer}, and this code knows ${MIGRATIONS.length}.`,
    );
    expect(await tenantsOf(await open(target))).toEqual(["Jan dotychczasowe"]);
    if ("sqlitePath" in target) expect(readdirSync(dirname(target.sqlitePath)).some((name) => name.includes("restoring"))).toBe(false);
  });

  it("refuses a file that is not a backup, and a backup of the other database", async () => {
    const folder = backupFolder();
    const notes = join(folder, "notes.txt");
    writeFileSync(notes, "not a database\n");
    const other = join(folder, "other");
    writeFileSync(other, dialect === "sqlite" ? "PGDMP\u0001\u000e\u0000" : readFileSync(await sqliteFileOfAnotherApp(folder)));
    const target = await freshTarget(dialect);

    await expect(restoreBackup(notes, target)).rejects.toThrow(
      `${notes} is not a backup: it is neither a SQLite database nor a PostgreSQL dump in pg_dump's custom format.`,
    );
    await expect(restoreBackup(join(folder, "missing.sqlite3"), target)).rejects.toThrow("There is no file");
    await expect(restoreBackup(other, target)).rejects.toThrow(
      dialect === "sqlite"
        ? "is a PostgreSQL dump, but this site keeps its data in SQLite (DATABASE_URL is unset)."
        : "is a SQLite database, but this site keeps its data in PostgreSQL (DATABASE_URL is set).",
    );
    if ("sqlitePath" in target) expect(existsSync(dirname(target.sqlitePath))).toBe(false);
  });
});

async function sqliteFileOfAnotherApp(folder: string): Promise<string> {
  const path = join(folder, "another-app.db");
  const file = new SQLite(path);
  file.exec("CREATE TABLE notes (text TEXT)");
  file.close();
  return path;
}

describe("backup and restore on SQLite alone", () => {
  it("keeps the newest BACKUP_KEEP backups, and nothing else in the folder is touched", async () => {
    const { target } = await databaseWithOrders("sqlite", 1, "kopia");
    const directory = backupFolder();
    writeFileSync(join(directory, "notes.txt"), "mine\n");
    writeFileSync(join(directory, "backup-before-upgrade.sqlite3"), "mine too\n");
    const hours = [0, 1, 2, 3].map((hour) => new Date(AT.getTime() + hour * 3_600_000));

    const outcomes = [];
    for (const at of hours) outcomes.push(await takeBackup(target, { directory, keep: 2 }, at));

    expect(outcomes.map((outcome) => outcome.removed)).toEqual([
      [],
      [],
      ["backup-2026-11-30T02-00-00.000Z.sqlite3"],
      ["backup-2026-11-30T03-00-00.000Z.sqlite3"],
    ]);
    expect(readdirSync(directory).sort()).toEqual([
      "backup-2026-11-30T04-00-00.000Z.sqlite3",
      "backup-2026-11-30T05-00-00.000Z.sqlite3",
      "backup-before-upgrade.sqlite3",
      "notes.txt",
    ]);
  });

  it("refuses a damaged backup and a database of another application, and leaves no half-restored file", async () => {
    const { target: source } = await databaseWithOrders("sqlite", 20, "kopia");
    const backup = await takeBackup(source, { directory: backupFolder(), keep: 14 }, AT);
    const damaged = readFileSync(backup.file);
    // Page 2 onwards overwritten: the header still says SQLite, the tables do not hold.
    damaged.fill(0x5a, 4096, damaged.length - 4096);
    writeFileSync(backup.file, damaged);
    const target = await freshTarget("sqlite");

    await expect(restoreBackup(backup.file, target)).rejects.toThrow(
      new RegExp(`^${backup.file} (is damaged|does not open as a SQLite database)`),
    );
    await expect(restoreBackup(await sqliteFileOfAnotherApp(backupFolder()), target)).rejects.toThrow(
      "is a SQLite database, but not this site's: it has no orders.",
    );
    expect(readdirSync(dirname((target as { sqlitePath: string }).sqlitePath))).toEqual([]);
  });

  it("never replays a write-ahead log left beside a deleted database into the restored one", async () => {
    const { target: source } = await databaseWithOrders("sqlite", 1, "kopia");
    const backup = await takeBackup(source, { directory: backupFolder(), keep: 14 }, AT);
    // Another database's log, as a crash leaves it, beside a path whose database was then deleted.
    const { target: crashed, db } = await databaseWithOrders("sqlite", 3, "rozbita");
    const target = { sqlitePath: join(backupFolder(), "app.db") };
    writeFileSync(`${target.sqlitePath}-wal`, readFileSync(`${(crashed as { sqlitePath: string }).sqlitePath}-wal`));
    await db.destroy().catch(() => undefined);

    await restoreBackup(backup.file, target);

    expect(await tenantsOf(await open(target))).toEqual(["Jan kopia"]);
  });

  it("refuses when there is no database to back up", async () => {
    const missing = { sqlitePath: join(backupFolder(), "app.db") };
    await expect(takeBackup(missing, { directory: backupFolder(), keep: 14 })).rejects.toThrow(
      `There is no SQLite database at ${missing.sqlitePath} (DATABASE_PATH) to back up.`,
    );
  });
});
