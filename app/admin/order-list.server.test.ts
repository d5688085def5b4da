import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { DIALECTS, freshTarget } from "../../tests/support/test-databases";
import { applyTransition } from "./order-transitions.server";
import { countByStatus, listOrders, ordersCsv, parseOrderFilter, searchIsRefused } from "./order-list.server";
import { fillMissingSearchText } from "~/order/search-text.server";
import { placeSampleOrder } from "../../tests/support/sample-order";

const T0 = new Date("2026-11-23T09:00:00Z");

describe.each(DIALECTS)("the order list on %s", (dialect) => {
  let db: AppDatabase;
  let orderId: number;
  beforeEach(async () => {
    db = await openDatabase(await freshTarget(dialect));
    const { order } = await placeSampleOrder(db, T0);
    orderId = order.id;
  });
  afterEach(() => db.destroy());

  const filter = (query: string) => parseOrderFilter(new URL(`http://x/admin?${query}`));

  describe("the order list", () => {
    it("filters by status with counts and searches number, name, e-mail and phone", async () => {
      const { order: second } = await placeSampleOrder(db, new Date(T0.getTime() + 1000), { details: { tenantName: '=HYPERLINK("http://evil","x")', email: "anna@example.com", phone: "700800900" }, locale: "en", idempotencyKey: "k2" });
      await applyTransition(db, orderId, { transition: "mark_paid", paidAt: "2026-11-24" }, "op", T0);
      expect((await listOrders(db, filter(""))).rows.map((r) => r.id)).toEqual([second.id, orderId]);
      expect((await listOrders(db, filter("status=paid"))).rows.map((r) => r.id)).toEqual([orderId]);
      expect(await countByStatus(db, "")).toEqual({ awaiting_payment: 1, paid: 1, dispatched: 0, cancelled: 0 });
      expect((await listOrders(db, filter("q=KOWALSKI"))).rows.map((r) => r.id)).toEqual([orderId]);
      expect((await listOrders(db, filter("q=700800"))).rows.map((r) => r.id)).toEqual([second.id]);
      expect((await listOrders(db, filter(`q=${encodeURIComponent(second.number)}`))).rows.map((r) => r.id)).toEqual([second.id]);
      expect((await listOrders(db, filter("q=%25"))).rows).toHaveLength(2);
      const csv = await ordersCsv(db, filter(""));
      expect(csv.startsWith("\uFEFFNumer;Data;")).toBe(true);
      expect(csv).toContain(`;"'=HYPERLINK(""http://evil"",""x"")";anna@example.com;`);
      expect(csv.split("\r\n")).toHaveLength(4);
    });
  });

  it("finds a customer by Cyrillic or Polish name in any case and by the phone in any spelling", async () => {
    const { order: olena } = await placeSampleOrder(db, new Date(T0.getTime() + 1000), { details: { tenantName: "Олена Коваленко", email: "olena@example.com", phone: "+48 601 234 567" }, idempotencyKey: "k2" });
    const { order: lodz } = await placeSampleOrder(db, new Date(T0.getTime() + 2000), { details: { tenantName: "Łucja Żółtowska", email: "l@example.com", phone: "+380 50 123 4567" }, idempotencyKey: "k3" });
    const found = async (q: string) => (await listOrders(db, filter(`q=${encodeURIComponent(q)}`))).rows.map((r) => r.id);
    for (const q of ["Коваленко", "КОВАЛЕНКО", "коваленко", "601234567", "+48601234567", "601-234-567", "0048601234567", "+48 601 234 567"]) expect(await found(q), q).toEqual([olena.id]);
    for (const q of ["łucja żółtowska", "ŁUCJA", "zoltowska", "ZÓŁTOWSKA", "+380501234567", "0501234567"]) expect(await found(q), q).toEqual([lodz.id]);
    expect(await countByStatus(db, "zoltowska")).toEqual({ awaiting_payment: 1, paid: 0, dispatched: 0, cancelled: 0 });
  });

  it("fills the search column of orders written before it existed", async () => {
    await db.updateTable("orders").set({ search_text: null }).execute();
    expect((await listOrders(db, filter("q=kowalski"))).rows).toHaveLength(0);
    expect(await fillMissingSearchText(db)).toBe(1);
    expect((await listOrders(db, filter("q=KOWALSKI"))).rows.map((r) => r.id)).toEqual([orderId]);
    expect(await fillMissingSearchText(db)).toBe(0);
  });

  it("refuses a search with a NUL, a line break or a bidi character before it reaches the database", async () => {
    for (const q of ["%00", "a%0Ab", "%E2%80%AEx", "op%00%40example.com"]) expect(searchIsRefused(new URL(`http://x/admin?q=${q}`)), q).toBe(true);
    for (const q of ["", "Kowalski", "%C5%81%C3%B3d%C5%BA", "%25_"]) expect(searchIsRefused(new URL(`http://x/admin?q=${q}`)), q).toBe(false);
    // What the refusal spares: PostgreSQL rejects a NUL in any query parameter (a 500 if it got there).
    const withNul = listOrders(db, filter("q=%00"));
    if (dialect === "postgres") await expect(withNul).rejects.toThrow();
    else await withNul;
  });
});
