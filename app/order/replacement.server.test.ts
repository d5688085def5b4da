import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase, type DatabaseTarget } from "~/db/db.server";
import { anonymiseOrder } from "~/order/lifecycle/anonymisation.server";
import { verifyDeclaration } from "~/verification/lookup.server";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { DIALECTS, freshTarget } from "../../tests/support/test-databases";
import { currentDeclarationCode } from "./declaration-code.server";
import { declarationToPrint, flatOfDeclaration, issueReplacement, type ReplacementFacts } from "./replacement.server";

const PLACED = new Date("2026-11-20T09:00:00Z");
const REPLACED = new Date("2026-12-03T10:00:00Z");
const LOOKED = new Date("2026-12-04T08:00:00Z");
const SETTINGS_FLAT = { owner: "Przykładowa Firma sp. z o.o.", address: "ul. Przykładowa 1, 70-000 Szczecin", city: "Szczecin" };
const NEW_FLAT: ReplacementFacts = {
  owner: "Maria Zielińska",
  address: "ul. Polna 12/4, 61-001 Poznań",
  city: "Poznań",
  declaredOn: "2026-12-03",
};

describe.each(DIALECTS)("a replacement declaration on %s", (dialect) => {
  let target: DatabaseTarget;
  let db: AppDatabase;
  beforeEach(async () => {
    target = await freshTarget(dialect);
    db = await openDatabase(target);
  });
  afterEach(() => db.destroy());

  async function orderIn(status: "paid" | "dispatched", key = "k") {
    const { order } = await placeSampleOrder(db, PLACED, { idempotencyKey: key });
    await db.updateTable("orders").set({ status, paid_at: "2026-11-21T10:00:00Z" }).where("id", "=", order.id).execute();
    const code = await currentDeclarationCode(db, order.id, order.created_at);
    return { order, code };
  }

  const replace = (orderId: number, replaces: string | null, facts = NEW_FLAT, on = db) =>
    issueReplacement(on, { orderId, replaces, facts, priceGrosze: 0, operator: "anna@example.com", now: REPLACED });

  it("replaces the current declaration in one step: the old code says since when, the new one is valid and names the new flat", async () => {
    const { order, code: old } = await orderIn("dispatched");
    const outcome = await replace(order.id, old);
    expect(outcome).toEqual({ ok: true, code: expect.stringMatching(/^[0-9A-Z]{12}$/) });
    const code = outcome.ok ? outcome.code : "";
    expect(code).not.toBe(old);

    const rows = await db.selectFrom("declaration_codes").selectAll().where("order_id", "=", order.id).orderBy("id").execute();
    expect(rows.map((row) => [row.code, row.replaced_at, row.owner_name, row.flat_address, row.flat_city, row.declared_on])).toEqual([
      [old, REPLACED.toISOString(), null, null, null, null],
      [code, null, "Maria Zielińska", "ul. Polna 12/4, 61-001 Poznań", "Poznań", "2026-12-03"],
    ]);
    expect(flatOfDeclaration(rows[0]!, SETTINGS_FLAT)).toEqual(SETTINGS_FLAT);
    expect(flatOfDeclaration(rows[1]!, SETTINGS_FLAT)).toEqual({
      owner: "Maria Zielińska",
      address: "ul. Polna 12/4, 61-001 Poznań",
      city: "Poznań",
    });

    expect(await verifyDeclaration(db, old, LOOKED)).toMatchObject({ found: true, standing: { state: "replaced", on: "2026-12-03" } });
    expect(await verifyDeclaration(db, code, LOOKED)).toMatchObject({ found: true, standing: { state: "valid" } });

    const event = await db
      .selectFrom("order_events")
      .select(["operator", "details"])
      .where("order_id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(event.operator).toBe("anna@example.com");
    expect(JSON.parse(event.details!)).toMatchObject({
      action: "declaration_replaced",
      owner: "Maria Zielińska",
      declaredOn: "2026-12-03",
    });
    const mail = await db
      .selectFrom("outbox")
      .select(["status", "data"])
      .where("order_id", "=", order.id)
      .where("kind", "=", "declaration_replaced")
      .executeTakeFirstOrThrow();
    expect(mail.status).toBe("pending");
    expect(JSON.parse(mail.data!)).toMatchObject({ ...NEW_FLAT, code, replacedCode: old });
  });

  it("prints the current declaration by default and a replaced one by its code, with the flat each names", async () => {
    const { order, code: old } = await orderIn("dispatched");
    const outcome = await replace(order.id, old);
    const code = outcome.ok ? outcome.code : "";
    expect((await declarationToPrint(db, order, null))?.code).toBe(code);
    expect((await declarationToPrint(db, order, old))?.replaced_at).toBe(REPLACED.toISOString());
    expect(await declarationToPrint(db, order, "0000000000AA")).toBeNull();
  });

  it("refuses an order that is not dispatched, one withdrawn from, and a form that replaces a declaration no longer current", async () => {
    const paid = await orderIn("paid", "paid");
    expect(await replace(paid.order.id, paid.code)).toEqual({ ok: false, reason: "not-dispatched" });
    const withdrawn = await orderIn("dispatched", "withdrawn");
    await db.updateTable("orders").set({ withdrawn_at: "2026-11-22T10:00:00Z" }).where("id", "=", withdrawn.order.id).execute();
    expect(await replace(withdrawn.order.id, withdrawn.code)).toEqual({ ok: false, reason: "closed" });
    expect(await replace(999_999, null)).toEqual({ ok: false, reason: "not-found" });

    const { order, code: old } = await orderIn("dispatched", "stale");
    expect((await replace(order.id, old)).ok).toBe(true);
    // The same form sent again (a double click, or a second tab) names the code that is no longer current.
    expect(await replace(order.id, old, { ...NEW_FLAT, owner: "Ktoś Inny" })).toEqual({ ok: false, reason: "stale" });
    const current = await db
      .selectFrom("declaration_codes")
      .select("owner_name")
      .where("order_id", "=", order.id)
      .where("replaced_at", "is", null)
      .execute();
    expect(current).toEqual([{ owner_name: "Maria Zielińska" }]);
  });

  it("leaves exactly one current declaration when two operators replace it at once from two connections", async () => {
    const { order, code: old } = await orderIn("dispatched");
    const other = await openDatabase(target);
    try {
      const outcomes = await Promise.all([
        replace(order.id, old, NEW_FLAT, db),
        replace(order.id, old, { ...NEW_FLAT, owner: "Piotr Nowak" }, other),
      ]);
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, reason: "stale" }]);
    } finally {
      await other.destroy();
    }
    const rows = await db.selectFrom("declaration_codes").selectAll().where("order_id", "=", order.id).execute();
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.replaced_at === null)).toHaveLength(1);
    const events = await db.selectFrom("order_events").select("id").where("order_id", "=", order.id).execute();
    expect(events).toHaveLength(1);
  });

  it("replaces a replacement too, and the e-mail goes again with the newest flat", async () => {
    const { order, code: first } = await orderIn("dispatched");
    const second = await replace(order.id, first);
    await db.updateTable("outbox").set({ status: "sent" }).where("order_id", "=", order.id).execute();
    const third = await replace(order.id, second.ok ? second.code : "", { ...NEW_FLAT, owner: "Piotr Nowak", city: "Gniezno" });
    expect(third.ok).toBe(true);
    const rows = await db
      .selectFrom("declaration_codes")
      .select(["owner_name", "replaced_at"])
      .where("order_id", "=", order.id)
      .orderBy("id")
      .execute();
    expect(rows.map((row) => [row.owner_name, row.replaced_at !== null])).toEqual([
      [null, true],
      ["Maria Zielińska", true],
      ["Piotr Nowak", false],
    ]);
    const mail = await db.selectFrom("outbox").select(["status", "data"]).where("kind", "=", "declaration_replaced").execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.status).toBe("pending");
    expect(JSON.parse(mail[0]!.data!)).toMatchObject({ owner: "Piotr Nowak", city: "Gniezno" });
  });

  it("erases the new flat and its owner with the order, and keeps the codes", async () => {
    const { order, code: old } = await orderIn("dispatched");
    await replace(order.id, old);
    await db.transaction().execute((trx) => anonymiseOrder(trx, order.id, LOOKED));
    const rows = await db.selectFrom("declaration_codes").selectAll().where("order_id", "=", order.id).orderBy("id").execute();
    expect(rows.map((row) => [row.code.length, row.owner_name, row.flat_address, row.flat_city, row.declared_on])).toEqual([
      [12, null, null, null, null],
      [12, "—", "—", null, "2026-12-03"],
    ]);
    const event = await db.selectFrom("order_events").select("details").where("order_id", "=", order.id).executeTakeFirstOrThrow();
    expect(event.details).not.toMatch(/Zielińska|Polna/);
  });
});
