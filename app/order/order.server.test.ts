import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase, type DatabaseTarget } from "~/db/db.server";
import { DIALECTS, freshTarget, migratedTarget } from "../../tests/support/test-databases";
import { SAMPLE_API_ORDER } from "../../tests/support/sample-order";
import { acceptOrder, paymentPath, type AcceptInput } from "./order.server";
import { findCustomerPageView } from "~/customer-page/page-view.server";
import type { OrderDetails } from "./schema";

const details: OrderDetails = {
  ...SAMPLE_API_ORDER,
  declarationType: "notarized",
  tenantName: "Jan <b>Kowalski</b>",
  landlordName: "Anna Nowak",
  startDate: "2026-12-01",
  propertyParts: {
    street: "ul. Długa 5/3",
    postalCode: "70-001",
    city: "Szczecin",
  },
  mailingParts: {
    street: "ul. Krótka 1",
    postalCode: "00-001",
    city: "Warszawa",
  },
  rentalPeriodDays: null,
};

const opened: AppDatabase[] = [];
async function open(target: DatabaseTarget) {
  const db = await openDatabase(target);
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

async function countRows(db: AppDatabase): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each(DIALECTS)("accepting an order on %s", (dialect) => {
  it("stores everything the record needs", async () => {
    const target = await freshTarget(dialect);
    const db = await open(target);
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

    if ("sqlitePath" in target) {
      // The folder and file were created, in WAL mode.
      const reader = new SQLite(target.sqlitePath, { readonly: true });
      expect(reader.pragma("journal_mode", { simple: true })).toBe("wal");
      reader.close();
    }
    expect(await countRows(db)).toBe(1);
  });

  it("numbers orders per year in sequence", async () => {
    const db = await open(await migratedTarget(dialect));
    const first = await acceptOrder(db, input("a"));
    const second = await acceptOrder(db, input("b"));
    const nextYear = await acceptOrder(db, input("c", { now: new Date("2027-01-02T10:00:00Z") }));
    expect([first.order.number, second.order.number, nextYear.order.number]).toEqual([
      "AE-2026-000001",
      "AE-2026-000002",
      "AE-2027-000001",
    ]);
    expect(new Set([first.order.payment_token, second.order.payment_token]).size).toBe(2);
  });

  it("writes nothing new when the same token comes back, and answers with the same order", async () => {
    const db = await open(await migratedTarget(dialect));
    const first = await acceptOrder(db, input("same"));
    const replay = await acceptOrder(db, input("same", { details: { ...details, tenantName: "Someone Else" } }));
    expect(replay.created).toBe(false);
    expect(replay.order.id).toBe(first.order.id);
    expect(replay.order.tenant_name).toBe("Jan <b>Kowalski</b>");
    expect(await countRows(db)).toBe(1);
  });

  it("makes exactly one order when two accepts with one token race on separate connections", async () => {
    const target = await freshTarget(dialect);
    const [one, two] = [await open(target), await open(target)];
    const results = await Promise.all([
      acceptOrder(one, input("race")),
      acceptOrder(two, input("race")),
      acceptOrder(one, input("race")),
      acceptOrder(two, input("race")),
    ]);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.order.payment_token)).size).toBe(1);
    expect(await countRows(one)).toBe(1);
  });

  it("makes one order from 30 racing accepts of one key, and 40 distinct numbers from 40 parallel accepts", async () => {
    const target = await freshTarget(dialect);
    // Two instances of the app on one database.
    const instances = [await open(target), await open(target)];
    const racing = await Promise.all(Array.from({ length: 30 }, (_, i) => acceptOrder(instances[i % 2]!, input("one-key"))));
    expect(racing.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(racing.map((result) => result.order.id)).size).toBe(1);

    const parallel = await Promise.all(Array.from({ length: 40 }, (_, i) => acceptOrder(instances[i % 2]!, input(`key-${i}`))));
    expect(parallel.every((result) => result.created)).toBe(true);
    const numbers = parallel.map((result) => result.order.number);
    expect(new Set(numbers).size).toBe(40);
    // One order before them took 000001; the 40 fill 000002–000041 without a gap.
    expect([...numbers].sort()).toEqual(Array.from({ length: 40 }, (_, i) => `AE-2026-${String(i + 2).padStart(6, "0")}`));
    expect(await countRows(instances[0]!)).toBe(41);
  }, 30_000);

  it("finds the payment page by its token only, without personal data", async () => {
    const db = await open(await migratedTarget(dialect));
    const { order } = await acceptOrder(db, input("pay", { locale: "en" }));
    expect(paymentPath(order)).toBe(`/en/payment/${order.payment_token}`);
    const view = await findCustomerPageView(db, order.payment_token, "en");
    expect(view).toMatchObject({ number: order.number, status: "awaiting_payment", declarationType: "notarized", priceGrosze: 39_900 });
    expect(JSON.stringify(view)).not.toContain(order.email);
    expect(await findCustomerPageView(db, "x".repeat(32), "en")).toBeNull();
    expect(await findCustomerPageView(db, "' OR 1=1 --", "en")).toBeNull();
  });

  it("writes the order and its two e-mails together", async () => {
    const db = await open(await migratedTarget(dialect));
    const { order } = await acceptOrder(db, input("mail"));
    const kinds = await db.selectFrom("outbox").select("kind").where("order_id", "=", order.id).orderBy("id").execute();
    expect(kinds.map((row) => row.kind)).toEqual(["order_confirmation", "operator_new_order"]);
    await acceptOrder(db, input("mail"));
    expect(await db.selectFrom("outbox").select("id").where("order_id", "=", order.id).execute()).toHaveLength(2);
  });
});
