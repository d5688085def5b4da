import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { takeBackup } from "~/db/backup.server";
import { openDatabase, type DatabaseTarget } from "~/db/db.server";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { DIALECTS, freshTarget, otherSessions } from "../../tests/support/test-databases";
import { REMOVED } from "~/order/lifecycle/anonymisation.server";
import { eraseCustomerData, findCustomer } from "./customer-data.server";
import { applyTransition } from "~/flows/transitions.server";
import { restoreKeepingErasures } from "./restore-erasures.server";

const AT = new Date("2026-11-30T02:00:00.000Z");
const later = (hours: number) => new Date(AT.getTime() + hours * 3_600_000);

async function open(target: DatabaseTarget) {
  const db = await openDatabase(target);
  onTestFinished(() => db.destroy().catch(() => undefined));
  return db;
}

// pg_dump, pg_restore and psql are processes of their own: on a busy 2-core host a test here takes seconds.
describe.each(DIALECTS)("a restore on %s", { timeout: 60_000 }, (dialect) => {
  it("erases again, before the site starts, every customer erased after the backup was taken, and tells which", async () => {
    const target = await freshTarget(dialect);
    const db = await open(target);
    const placed = async (key: string, tenantName: string, email: string) => {
      const { order } = await placeSampleOrder(db, AT, { idempotencyKey: key, details: { tenantName, email, phone: `6001002${key}` } });
      await applyTransition(db, order.id, { transition: "cancel", reasonCode: "customer_request", reason: "Na prośbę klienta" }, "op", AT);
      return order;
    };
    const anna = await placed("01", "Anna Nowak", "anna@example.com");
    const jan = await placed("02", "Jan Kowalski", "jan@example.com");
    const backup = await takeBackup(target, { directory: mkdtempSync(join(tmpdir(), "backups-test-")), keep: 14 }, AT);
    // After the backup, Anna asks for her data to be erased.
    const request = { operator: "op@adres.test", category: "erasure_request", reference: "RODO/2026/001", ip: "10.0.0.1" } as const;
    expect(await eraseCustomerData(db, (await findCustomer(db, anna.id))!, request, later(1))).toEqual({ ok: true, erased: [anna.number] });
    await db.destroy();
    if ("postgresUrl" in target) await expect.poll(() => otherSessions(target.postgresUrl)).toBe(0);

    const restored = await restoreKeepingErasures(backup.file, target, { now: later(2) });

    expect(restored).toMatchObject({ orders: 2, erasedSinceBackup: [anna.number], erasedAgain: [anna.number] });
    const after = await open(target);
    const rows = await after.selectFrom("orders").select(["number", "tenant_name", "email", "anonymised_at"]).orderBy("number").execute();
    expect(rows).toEqual([
      { number: anna.number, tenant_name: REMOVED, email: REMOVED, anonymised_at: later(2).toISOString() },
      { number: jan.number, tenant_name: "Jan Kowalski", email: "jan@example.com", anonymised_at: null },
    ]);
    const history = await after
      .selectFrom("order_events")
      .select(["operator", "details"])
      .where("order_id", "=", anna.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(history).toEqual({
      operator: "system",
      details: JSON.stringify({ action: "erasure_reapplied_after_restore", backup: basename(backup.file) }),
    });
  });

  it("into a database that did not exist, says that the erasures made after the backup cannot be known", async () => {
    const source = await freshTarget(dialect);
    const db = await open(source);
    await placeSampleOrder(db, AT, { idempotencyKey: "only" });
    const backup = await takeBackup(source, { directory: mkdtempSync(join(tmpdir(), "backups-test-")), keep: 14 }, AT);
    await db.destroy();
    expect(await restoreKeepingErasures(backup.file, await freshTarget(dialect), { now: later(1) })).toMatchObject({
      erasedSinceBackup: null,
      erasedAgain: [],
    });
  });
});
