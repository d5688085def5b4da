import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { currentDeclarationCode } from "~/order/declaration-code.server";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { lookupCountOf, verifyDeclaration } from "./lookup.server";

const PLACED = new Date("2026-11-20T09:00:00Z");
const LOOKED = new Date("2026-11-30T15:30:00Z");

describe.each(DIALECTS)("a declaration's code and its lookups on %s", (dialect) => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
  });
  afterEach(() => db.destroy());

  async function paidOrder(key: string, details = {}) {
    const { order } = await placeSampleOrder(db, PLACED, { idempotencyKey: key, details });
    await db.updateTable("orders").set({ status: "paid", paid_at: "2026-11-21" }).where("id", "=", order.id).execute();
    const code = await currentDeclarationCode(db, order.id, order.created_at);
    return { order, code };
  }

  it("gives every order its own code when it is placed, and the same one ever after", async () => {
    const first = await paidOrder("a");
    const second = await paidOrder("b");
    expect(first.code).toMatch(/^[0-9A-Z]{12}$/);
    expect(second.code).not.toBe(first.code);
    expect(await currentDeclarationCode(db, first.order.id, "2027-01-01T00:00:00Z")).toBe(first.code);
    const rows = await db.selectFrom("declaration_codes").selectAll().orderBy("id").execute();
    expect(rows.map((row) => [row.order_id, row.issued_at, row.replaced_at])).toEqual([
      [first.order.id, PLACED.toISOString(), null],
      [second.order.id, PLACED.toISOString(), null],
    ]);
  });

  it("gives an order placed before codes existed one code the first time it is needed, even to two requests at once", async () => {
    const { order } = await paidOrder("old");
    await db.deleteFrom("declaration_codes").where("order_id", "=", order.id).execute();
    const codes = await Promise.all(Array.from({ length: 4 }, () => currentDeclarationCode(db, order.id, order.created_at)));
    expect(new Set(codes).size).toBe(1);
    expect(await db.selectFrom("declaration_codes").select("code").where("order_id", "=", order.id).execute()).toEqual([
      { code: codes[0] },
    ]);
  });

  it("shows a paid order's declaration as valid with its type, date, number, initials, co-residents and town, and nothing else", async () => {
    const { order, code } = await paidOrder("v", {
      tenantName: "Olena Kovalenko",
      declarationType: "notarized",
      coResidents: [
        { name: "Taras Kovalenko", original: null },
        { name: "Mariia Kovalenko", original: null },
      ],
    });
    const verification = await verifyDeclaration(db, code, LOOKED);
    expect(verification).toEqual({
      found: true,
      standing: { state: "valid" },
      facts: { type: "notarized", issuedOn: "2026-11-20", orderNumber: order.number, initials: "O. K.", coResidents: 2, city: "Szczecin" },
    });
    expect(JSON.stringify(verification)).not.toMatch(/Olena|Kovalenko|Długa|jan@example|600100200/);
  });

  it("says since when a declaration is not valid: the order cancelled, or the customer withdrew", async () => {
    const cancelled = await paidOrder("c");
    await db
      .updateTable("orders")
      .set({ status: "cancelled", cancelled_at: "2026-11-25T23:30:00Z" })
      .where("id", "=", cancelled.order.id)
      .execute();
    expect(await verifyDeclaration(db, cancelled.code, LOOKED)).toMatchObject({
      found: true,
      standing: { state: "cancelled", on: "2026-11-26" },
    });
    const withdrawn = await paidOrder("w");
    await db.updateTable("orders").set({ withdrawn_at: "2026-11-24T10:00:00Z" }).where("id", "=", withdrawn.order.id).execute();
    expect(await verifyDeclaration(db, withdrawn.code, LOOKED)).toMatchObject({
      found: true,
      standing: { state: "withdrawn", on: "2026-11-24" },
    });
  });

  it("does not know a code that is nobody's, one of an order not paid yet, or one whose data was erased", async () => {
    expect(await verifyDeclaration(db, "7KQ4M2XD9TRW", LOOKED)).toEqual({ found: false });
    const { order } = await placeSampleOrder(db, PLACED, { idempotencyKey: "unpaid" });
    const unpaid = await currentDeclarationCode(db, order.id, order.created_at);
    expect(await verifyDeclaration(db, unpaid, LOOKED)).toEqual({ found: false });
    const erased = await paidOrder("erased");
    await db.updateTable("orders").set({ anonymised_at: "2026-11-29T00:00:00Z" }).where("id", "=", erased.order.id).execute();
    expect(await verifyDeclaration(db, erased.code, LOOKED)).toEqual({ found: false });
  });

  it("counts every lookup of a known code on its order, with the last one's time and nothing about who looked", async () => {
    const { order, code } = await paidOrder("n");
    expect(await lookupCountOf(db, order.id)).toEqual({ count: 0, lastAt: null });
    await verifyDeclaration(db, code, new Date("2026-11-30T10:00:00Z"));
    await verifyDeclaration(db, code, new Date("2026-11-30T11:00:00Z"));
    await verifyDeclaration(db, code, LOOKED);
    await verifyDeclaration(db, "7KQ4M2XD9TRW", LOOKED);
    expect(await lookupCountOf(db, order.id)).toEqual({ count: 3, lastAt: LOOKED.toISOString() });
    // The day's tally, which every lookup writes (so an unknown code costs the commit a known one does).
    expect(await db.selectFrom("declaration_lookup_days").selectAll().execute()).toEqual([{ day: "2026-11-30", found: 3, missed: 1 }]);
  });
});
