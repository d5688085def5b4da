import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "./db.server";
import { BUSY_RETRY_MS, DatabaseBusyError } from "./sqlite-dialect.server";

const opened: Array<{ close(): unknown }> = [];
afterEach(() => {
  for (const handle of opened.splice(0)) handle.close();
});

function setUp() {
  const path = join(mkdtempSync(join(tmpdir(), "sqlite-dialect-")), "app.db");
  const db: AppDatabase = openDatabase(path);
  opened.push({ close: () => void db.destroy() });
  // Another process's connection: it takes the write lock and keeps it.
  const other = new SQLite(path);
  opened.push(other);
  return { db, other };
}

describe("SQLite under another process's write lock", () => {
  it("a read answers at once, and a write waits without blocking the event loop, then succeeds", async () => {
    const { db, other } = setUp();
    other.exec("BEGIN IMMEDIATE");
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 5);

    const readStarted = performance.now();
    await db.selectFrom("orders").select((eb) => eb.fn.countAll().as("n")).execute();
    expect(performance.now() - readStarted).toBeLessThan(100);

    const write = sql`CREATE TABLE IF NOT EXISTS lock_probe (id INTEGER)`.execute(db);
    await new Promise((resolve) => setTimeout(resolve, 300));
    other.exec("COMMIT");
    await write;
    clearInterval(ticker);
    // The 5 ms ticker kept running while the write waited.
    expect(ticks).toBeGreaterThan(20);
  });

  it("a write gives up with a clear error when the lock is never released", async () => {
    const { db, other } = setUp();
    other.exec("BEGIN IMMEDIATE");
    const started = performance.now();
    await expect(sql`CREATE TABLE lock_probe (id INTEGER)`.execute(db)).rejects.toBeInstanceOf(DatabaseBusyError);
    expect(performance.now() - started).toBeGreaterThanOrEqual(BUSY_RETRY_MS - 100);
    other.exec("ROLLBACK");
  }, 15_000);
});
