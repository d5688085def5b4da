import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { acceptOrder, type AcceptInput } from "./order.server";
import type { OrderDetails } from "./schema";

const details: OrderDetails = {
  declarationType: "notarized",
  tenantName: "Jan <b>Kowalski</b>",
  landlordName: "Anna Nowak",
  startDate: "2026-12-01",
  email: "jan@example.com",
  phone: "600100200",
  propertyAddress: "ul. Długa 5/3, 70-001 Szczecin",
  mailingAddress: "ul. Krótka 1, 00-001 Warszawa",
  propertyParts: { street: "ul. Długa 5/3", postalCode: "70-001", city: "Szczecin" },
  mailingParts: { street: "ul. Krótka 1", postalCode: "00-001", city: "Warszawa" },
  additionalInfo: null,
  rentalPeriodDays: null,
  immediatePerformanceRequested: true,
};

const opened: AppDatabase[] = [];
function tempDatabasePath() {
  return join(mkdtempSync(join(tmpdir(), "order-test-")), "nested", "orders.db");
}
function open(path: string) {
  const db = openDatabase(path);
  opened.push(db);
  return db;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
});

const input = (key: string, overrides: Partial<AcceptInput> = {}): AcceptInput => ({
  details,
  variant: "standard",
  channel: "form",
  locale: "pl",
  idempotencyKey: key,
  dataProcessingConsentAt: new Date("2026-11-22T10:00:00Z"),
  now: new Date("2026-11-22T10:05:00Z"),
  ...overrides,
});

function countRows(path: string): number {
  const reader = new SQLite(path, { readonly: true });
  try {
    return (reader.prepare("SELECT count(*) AS n FROM orders").get() as { n: number }).n;
  } finally {
    reader.close();
  }
}

describe("accepting an order", () => {
  it("creates the folder and file, sets WAL and synchronous=FULL, and stores everything the record needs", async () => {
    const path = tempDatabasePath();
    const db = open(path);
    const { order, created } = await acceptOrder(db, input("token-1"));
    expect(created).toBe(true);
    expect(order).toMatchObject({
      number: "AE-2026-000001",
      status: "awaiting_payment",
      price_grosze: 39_900,
      currency: "PLN",
      variant: "standard",
      locale: "pl",
      declaration_type: "notarized",
      tenant_name: "Jan <b>Kowalski</b>",
      property_city: "Szczecin",
      data_processing_consent_at: "2026-11-22T10:00:00.000Z",
      terms_accepted_at: "2026-11-22T10:05:00.000Z",
      immediate_performance_consent_at: "2026-11-22T10:05:00.000Z",
    });
    expect(order.payment_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(order.contract_text).toContain("Jan <b>Kowalski</b>");
    expect(order.contract_text).toContain("art. 19a");
    expect(order.contract_text.replace(/\s/g, " ")).toContain("399 zł");
    expect(order.contract_version).toMatch(/\S/);

    const reader = new SQLite(path, { readonly: true });
    expect(reader.pragma("journal_mode", { simple: true })).toBe("wal");
    reader.close();
    const pragmas = await db.selectFrom("orders").select((eb) => eb.val(1).as("one")).execute();
    expect(pragmas).toHaveLength(1);
  });

  it("numbers orders per year in sequence", async () => {
    const db = open(tempDatabasePath());
    const first = await acceptOrder(db, input("a"));
    const second = await acceptOrder(db, input("b"));
    const nextYear = await acceptOrder(db, input("c", { now: new Date("2027-01-02T10:00:00Z") }));
    expect([first.order.number, second.order.number, nextYear.order.number]).toEqual(["AE-2026-000001", "AE-2026-000002", "AE-2027-000001"]);
    expect(new Set([first.order.payment_token, second.order.payment_token]).size).toBe(2);
  });

  it("writes nothing new when the same token comes back, and answers with the same order", async () => {
    const path = tempDatabasePath();
    const db = open(path);
    const first = await acceptOrder(db, input("same"));
    const replay = await acceptOrder(db, input("same", { details: { ...details, tenantName: "Someone Else" } }));
    expect(replay.created).toBe(false);
    expect(replay.order.id).toBe(first.order.id);
    expect(replay.order.tenant_name).toBe("Jan <b>Kowalski</b>");
    expect(countRows(path)).toBe(1);
  });

  it("makes exactly one order when two accepts with one token race on separate connections", async () => {
    const path = tempDatabasePath();
    const [one, two] = [open(path), open(path)];
    const results = await Promise.all([acceptOrder(one, input("race")), acceptOrder(two, input("race")), acceptOrder(one, input("race")), acceptOrder(two, input("race"))]);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.order.payment_token)).size).toBe(1);
    expect(countRows(path)).toBe(1);
  });

});
