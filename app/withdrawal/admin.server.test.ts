import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { recordWithdrawal } from "./withdrawal.server";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { listWithdrawals, withdrawalCounts, withdrawalsOfOrder } from "./admin.server";

const T0 = new Date("2026-11-23T09:00:00Z");

describe.each(DIALECTS)("the back office's withdrawal statements on %s", (dialect) => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
  });
  afterEach(() => db.destroy());

  it("counts them, lists the unmatched first and then the newest, and shows an order its own with the refund deadline", async () => {
    const { order } = await placeSampleOrder(db, T0);
    const at = (hour: number) => new Date(`2026-11-24T${String(hour).padStart(2, "0")}:00:00Z`);
    const record = (reference: string, email: string, hour: number) =>
      recordWithdrawal(db, { values: { name: "X", reference, email }, statement: reference, locale: "pl", token: null, now: at(hour) });
    await record("AE-2026-999999", "a@example.org", 8);
    await record(order.number, order.email, 9);
    await record("nie pamiętam numeru", "b@example.org", 10);
    await record(order.number, order.email, 11);

    expect(await withdrawalCounts(db)).toEqual({ all: 4, unmatched: 2 });
    const all = await listWithdrawals(db, { unmatchedOnly: false });
    expect(all.map((row) => [row.reference, row.orderNumber])).toEqual([
      ["nie pamiętam numeru", null],
      ["AE-2026-999999", null],
      [order.number, order.number],
      [order.number, order.number],
    ]);
    expect(all[2]!.receivedAt > all[3]!.receivedAt).toBe(true);
    expect((await listWithdrawals(db, { unmatchedOnly: true })).map((row) => row.orderId)).toEqual([null, null]);
    const own = await withdrawalsOfOrder(db, order.id);
    expect(own.map((row) => row.refundDueBy)).toEqual(["2026-12-08T09:00:00.000Z", "2026-12-08T11:00:00.000Z"]);
  });
});
