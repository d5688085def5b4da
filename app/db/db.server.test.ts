import { chmodSync, mkdirSync, statSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DIALECTS, freshTarget } from "../../tests/support/test-databases";
import { openDatabase, type AppDatabase } from "./db.server";
import { migrateSqlite } from "./migrate.server";
import { MIGRATIONS } from "./migrations";
import { operatorSecondFactor } from "./migrations/012-operator-second-factor";
import { DatabaseBusyError, retryWhileBusy } from "./sqlite-busy.server";
import { isUniqueViolation } from "./unique-violation";

const opened: AppDatabase[] = [];
async function open(...args: Parameters<typeof openDatabase>) {
  const db = await openDatabase(...args);
  opened.push(db);
  return db;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
});

const row = (key: string, seq: number) => ({
  number: `T-${seq}`,
  number_year: 2026,
  number_seq: seq,
  payment_token: `pay-${key}`,
  idempotency_key: key,
  variant: "standard" as const,
  channel: "api" as const,
  locale: "pl" as const,
  declaration_type: "regular" as const,
  price_grosze: 100,
  currency: "PLN",
  tenant_name: "T",
  landlord_name: null,
  start_date: null,
  rental_period_days: null,
  email: "t@example.com",
  phone: "600100200",
  property_address: "a",
  property_street: null,
  property_postal_code: null,
  property_city: null,
  mailing_address: "b",
  mailing_street: null,
  mailing_postal_code: null,
  mailing_city: null,
  additional_info: null,
  data_processing_consent_at: "x",
  terms_accepted_at: "x",
  immediate_performance_consent_at: "x",
  contract_text: "c",
  contract_version: "1",
  created_at: "x",
  updated_at: "x",
});

async function insertError(db: AppDatabase, values: ReturnType<typeof row>): Promise<unknown> {
  return db
    .insertInto("orders")
    .values(values)
    .execute()
    .then(
      () => null,
      (error: unknown) => error,
    );
}

describe.each(DIALECTS)("the database on %s", (dialect) => {
  it("migrates a fresh database once, even when several instances start together", async () => {
    const target = await freshTarget(dialect);
    const instances = await Promise.all([open(target), open(target), open(target)]);
    await instances[0]!.insertInto("orders").values(row("k1", 1)).execute();
    const again = await open(target);
    const rows = await again.selectFrom("orders").select("idempotency_key").execute();
    expect(rows).toEqual([{ idempotency_key: "k1" }]);
    if (dialect === "postgres") {
      const versions = await sql<{
        version: number;
      }>`SELECT version FROM schema_migrations ORDER BY version`.execute(again);
      expect(versions.rows.map((r) => r.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    }
  });

  it("tells which unique constraint a write broke, on either driver", async () => {
    const db = await open(await freshTarget(dialect));
    await db.insertInto("orders").values(row("k1", 1)).execute();
    const sameKey = await insertError(db, {
      ...row("k1", 2),
      payment_token: "other",
    });
    expect(isUniqueViolation(sameKey, "orders", ["idempotency_key"])).toBe(true);
    expect(isUniqueViolation(sameKey, "orders", ["number_year", "number_seq"])).toBe(false);
    const sameSeq = await insertError(db, {
      ...row("k2", 1),
      number: "T-other",
    });
    expect(isUniqueViolation(sameSeq, "orders", ["number_year", "number_seq"])).toBe(true);
    expect(isUniqueViolation(sameSeq, "orders", ["idempotency_key"])).toBe(false);
    expect(isUniqueViolation(new Error("boom"), "orders", ["idempotency_key"])).toBe(false);
  });
});

describe("SQLite specifics", () => {
  it("keeps the database, its -wal and its -shm readable by the site's user alone, and makes private a file an earlier version left open", async () => {
    const umask = process.umask(0o022);
    try {
      const target = await freshTarget("sqlite");
      const path = (target as { sqlitePath: string }).sqlitePath;
      const modes = () => [path, `${path}-wal`, `${path}-shm`].map((file) => statSync(file).mode & 0o777);
      const db = await open(target);
      await db.insertInto("orders").values(row("private", 1)).execute();
      expect(modes()).toEqual([0o600, 0o600, 0o600]);
      expect(statSync(dirname(path)).mode & 0o777).toBe(0o700);
      await db.destroy();

      // A database made 644 by an earlier version, its log and shared memory left beside it by a crash.
      const old = new SQLite(path);
      old.pragma("journal_mode = WAL");
      old.exec("BEGIN; CREATE TABLE crash (x); COMMIT;");
      for (const file of [path, `${path}-wal`, `${path}-shm`]) chmodSync(file, 0o644);
      const reopened = await open(target);
      expect(modes()).toEqual([0o600, 0o600, 0o600]);
      expect(await reopened.selectFrom("orders").select("number").execute()).toEqual([{ number: "T-1" }]);
      old.close();
    } finally {
      process.umask(umask);
    }
  });

  it("rebuilds the orders table in a later step while the outbox and the audit trail refer to it", async () => {
    const target = await freshTarget("sqlite");
    const db = await open(target);
    await db.insertInto("orders").values(row("referred", 1)).execute();
    const order = await db.selectFrom("orders").select("id").executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    await db.insertInto("outbox").values({ order_id: order.id, kind: "order_confirmation", next_attempt_at: at, created_at: at }).execute();
    await db.destroy();
    const connection = new SQLite((target as { sqlitePath: string }).sqlitePath);
    // The way SQLite changes a column: a new table, the rows copied, the old one dropped, the new one renamed.
    const { sql: definition } = connection.prepare("SELECT sql FROM sqlite_master WHERE name = 'orders'").get() as { sql: string };
    const rebuild = {
      name: "rebuild-orders",
      sqlite: `${definition.replace(/^CREATE TABLE "?orders"?/, "CREATE TABLE orders_rebuilt")};
        INSERT INTO orders_rebuilt SELECT * FROM orders; DROP TABLE orders; ALTER TABLE orders_rebuilt RENAME TO orders;`,
      postgres: "",
    };
    connection.pragma("foreign_keys = ON");
    expect(migrateSqlite(connection, [...MIGRATIONS, rebuild])).toBe(MIGRATIONS.length + 1);
    expect(connection.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(connection.prepare("SELECT count(*) AS n FROM outbox").get()).toEqual({ n: 1 });
    expect(connection.pragma("foreign_key_check")).toEqual([]);
    connection.close();
  });

  it("brings a file made before PostgreSQL support (user_version 1) up to date and keeps its orders", async () => {
    const target = await freshTarget("sqlite");
    const path = (target as { sqlitePath: string }).sqlitePath;
    mkdirSync(dirname(path), { recursive: true });
    const old = new SQLite(path);
    migrateSqlite(old, MIGRATIONS.slice(0, 1));
    const values = row("old", 1) as Record<string, unknown>;
    const columns = Object.keys(values);
    old
      .prepare(`INSERT INTO orders (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
      .run(...columns.map((column) => values[column] as never));
    expect(old.pragma("user_version", { simple: true })).toBe(1);
    old.close();
    const reopened = await open(target);
    expect(await reopened.selectFrom("orders").select(["idempotency_key", "contract_text_binding"]).execute()).toEqual([
      { idempotency_key: "old", contract_text_binding: null },
    ]);
    const reader = new SQLite(path);
    expect(reader.pragma("user_version", { simple: true })).toBe(MIGRATIONS.length);
    reader.close();
  });

  it("ends every session made before the second factor, so nobody stays signed in with a password alone", async () => {
    const target = await freshTarget("sqlite");
    const path = (target as { sqlitePath: string }).sqlitePath;
    mkdirSync(dirname(path), { recursive: true });
    const old = new SQLite(path);
    migrateSqlite(old, MIGRATIONS.slice(0, MIGRATIONS.indexOf(operatorSecondFactor)));
    old.prepare("INSERT INTO operators (email, password_hash, created_at) VALUES ('op@example.com', 'scrypt$x', '2026-11-01')").run();
    old
      .prepare("INSERT INTO admin_sessions (session_hash, operator_id, created_at, last_seen_at, expires_at) VALUES ('h', 1, ?, ?, ?)")
      .run("2026-11-27T00:00:00Z", "2026-11-27T00:00:00Z", "2099-01-01T00:00:00Z");
    old.close();
    const reopened = await open(target);
    expect(await reopened.selectFrom("admin_sessions").select("id").execute()).toEqual([]);
    expect(await reopened.selectFrom("operators").select(["email", "totp_secret"]).execute()).toEqual([
      { email: "op@example.com", totp_secret: null },
    ]);
  });

  it("waits for another process's write lock without blocking the event loop, then writes", async () => {
    const target = await freshTarget("sqlite");
    const db = await open(target);
    const locker = new SQLite((target as { sqlitePath: string }).sqlitePath);
    locker.exec("BEGIN IMMEDIATE");
    // The event loop keeps turning while the write waits. A write that waited inside SQLite
    // would hold the loop until its busy timeout and then fail, since only this loop can commit.
    let turns = 0;
    const ticker = setInterval(() => turns++, 5);
    let written = false;
    const write = db
      .insertInto("orders")
      .values(row("waited", 1))
      .execute()
      .then(() => (written = true));
    await vi.waitFor(() => expect(turns).toBeGreaterThanOrEqual(20), { timeout: 20_000 });
    expect(written).toBe(false);
    locker.exec("COMMIT");
    locker.close();
    await write;
    clearInterval(ticker);
    expect(await db.selectFrom("orders").select("idempotency_key").execute()).toEqual([{ idempotency_key: "waited" }]);
  });

  it("gives up with DatabaseBusyError once the wait budget is spent", async () => {
    const busy = Object.assign(new Error("database is locked"), {
      code: "SQLITE_BUSY",
    });
    let attempts = 0;
    await expect(
      retryWhileBusy(() => {
        attempts++;
        throw busy;
      }, 150),
    ).rejects.toBeInstanceOf(DatabaseBusyError);
    // It tried again while the budget lasted, and then stopped.
    expect(attempts).toBeGreaterThan(1);
  });
});
