import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { eraseCustomerData, findCustomer } from "~/admin/customer-data.server";
import { eraseAgain } from "~/admin/restore-erasures.server";
import { applyTransition } from "~/flows/transitions.server";
import { runHousekeeping } from "~/jobs/housekeeping.server";
import { uploadStatement } from "../../../tests/support/bank-statement-upload";
import { placeSampleOrder } from "../../../tests/support/sample-order";
import { DIALECTS, migratedTarget } from "../../../tests/support/test-databases";

const T0 = new Date("2026-11-23T09:00:00Z");
const hours = (count: number) => new Date(T0.getTime() + count * 3_600_000);
const OPERATOR = "op@adres.test";
const REQUEST = { operator: OPERATOR, ip: "10.0.0.1", category: "erasure_request", reference: "RODO/2026/007" } as const;
/** Housekeeping's settings: 6 calendar years after the year an order ended (README, RETENTION_YEARS). */
const SETTINGS = { paymentDeadlineDays: 7, retentionYears: 6 };
/** 31 December 2032, 23:59:59 in Warsaw: the last moment data of 2026 are kept. */
const LAST_MOMENT_KEPT = new Date("2032-12-31T22:59:59Z");
const AFTER_RETENTION = new Date("2032-12-31T23:00:00Z");
const JANS_ACCOUNT = "PL61109010140000071219812874";
const EWAS_ACCOUNT = "PL27114020040000300201355387";

describe.each(DIALECTS)("a bank statement's personal data on %s", (dialect) => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
  });
  afterEach(() => db.destroy());

  const place = async (key: string, tenantName: string, email: string) =>
    (await placeSampleOrder(db, T0, { idempotencyKey: key, details: { tenantName, email } })).order;
  const dispatch = async (orderId: number, at: Date) =>
    expect(
      await applyTransition(db, orderId, { transition: "mark_dispatched", trackingNumber: "RR1PL", courier: null }, OPERATOR, at),
    ).toMatchObject({ ok: true });
  const line = (reference: string) =>
    db
      .selectFrom("bank_statement_lines")
      .select([
        "booked_on",
        "amount_grosze",
        "currency",
        "bank_reference",
        "title",
        "counterparty_name",
        "counterparty_account",
        "outcome",
        "order_id",
      ])
      .where("bank_reference", "=", reference)
      .executeTakeFirstOrThrow();
  const fileKept = async (fileName: string) =>
    (await db.selectFrom("bank_statements").select("content").where("file_name", "=", fileName).executeTakeFirstOrThrow()).content !== null;

  /** The order's price with its number in the title, from `name`'s account, on 24 November 2026. */
  const transferFor = (order: { number: string; price_grosze: number }, name: string, account: string, reference: string) => ({
    bookedOn: "2026-11-24",
    amountGrosze: order.price_grosze,
    title: `Zamówienie ${order.number}`,
    name,
    account,
    reference,
  });

  /** Jan and Ewa pay by transfer on one statement beside a stranger's; Ewa pays twice, the second time on a later statement. */
  async function janAndEwaPaidByTransfer() {
    const jan = await place("jan", "Jan Kowalski", "jan@example.com");
    const ewa = await place("ewa", "Ewa Nowak", "ewa@example.com");
    await uploadStatement(
      db,
      [
        transferFor(jan, "Jan Kowalski", JANS_ACCOUNT, "J1"),
        transferFor(ewa, "Ewa Nowak", EWAS_ACCOUNT, "E1"),
        { bookedOn: "2026-11-24", amountGrosze: 5_000, title: "Zwrot za obiad", name: "Piotr Obcy", reference: "X1" },
      ],
      { fileName: "first.sta", reference: "ST/1", operator: OPERATOR, now: hours(24) },
    );
    await uploadStatement(
      db,
      [
        {
          bookedOn: "2026-11-25",
          amountGrosze: ewa.price_grosze,
          title: `${ewa.number} raz jeszcze`,
          name: "Ewa Nowak",
          account: EWAS_ACCOUNT,
          reference: "E2",
        },
      ],
      { fileName: "second.sta", reference: "ST/2", operator: OPERATOR, now: hours(48) },
    );
    await dispatch(jan.id, hours(50));
    await dispatch(ewa.id, hours(50));
    return { jan, ewa };
  }

  it("erasing a customer on request strips their transfers to date, amount and reference, and the file goes with the last order it paid", async () => {
    const { jan, ewa } = await janAndEwaPaidByTransfer();
    expect(await line("J1")).toMatchObject({ title: `Zamówienie ${jan.number}`, counterparty_name: "Jan Kowalski" });

    expect(await eraseCustomerData(db, (await findCustomer(db, jan.id))!, REQUEST, hours(60))).toMatchObject({ ok: true });
    expect(await line("J1")).toEqual({
      booked_on: "2026-11-24",
      amount_grosze: jan.price_grosze,
      currency: "PLN",
      bank_reference: "J1",
      title: null,
      counterparty_name: null,
      counterparty_account: null,
      outcome: "paid",
      order_id: jan.id,
    });
    // Ewa's order is kept, and so is the file that paid it, with Jan's entry in it.
    expect(await line("E1")).toMatchObject({
      title: `Zamówienie ${ewa.number}`,
      counterparty_name: "Ewa Nowak",
      counterparty_account: EWAS_ACCOUNT,
    });
    expect([await fileKept("first.sta"), await fileKept("second.sta")]).toEqual([true, true]);

    expect(await eraseCustomerData(db, (await findCustomer(db, ewa.id))!, REQUEST, hours(61))).toMatchObject({ ok: true });
    for (const reference of ["E1", "E2"])
      expect(await line(reference)).toMatchObject({ title: null, counterparty_name: null, counterparty_account: null, order_id: ewa.id });
    expect([await fileKept("first.sta"), await fileKept("second.sta")]).toEqual([false, false]);
  });

  it("at the end of retention housekeeping does the same for the orders it anonymises", async () => {
    const { jan, ewa } = await janAndEwaPaidByTransfer();
    await runHousekeeping(db, LAST_MOMENT_KEPT, SETTINGS);
    expect(await line("J1")).toMatchObject({ counterparty_name: "Jan Kowalski" });
    expect(await fileKept("first.sta")).toBe(true);

    expect(await runHousekeeping(db, AFTER_RETENTION, SETTINGS)).toMatchObject({ anonymised: 2 });
    expect(await line("J1")).toMatchObject({ title: null, counterparty_name: null, counterparty_account: null, order_id: jan.id });
    expect(await line("E2")).toMatchObject({ title: null, counterparty_name: null, counterparty_account: null, order_id: ewa.id });
    expect([await fileKept("first.sta"), await fileKept("second.sta")]).toEqual([false, false]);
  });

  it("a restore that erases a customer again strips their transfers again", async () => {
    const { jan } = await janAndEwaPaidByTransfer();
    // What a backup taken before the erasure holds: Jan's order and transfer whole.
    expect(await eraseAgain(db, [jan.number], "backup-2026-11-26.db", hours(70))).toEqual([jan.number]);
    expect(await line("J1")).toMatchObject({ title: null, counterparty_name: null, counterparty_account: null, order_id: jan.id });
    expect(await fileKept("first.sta")).toBe(true);
  });

  it("a statement tied to no order keeps its file, and a line to check tied to none its payer, as long as an unpaid order's data", async () => {
    const unpaid = await place("ola", "Olga Wiśniewska", "olga@example.com");
    await uploadStatement(
      db,
      [
        // A credit of the order's price from its tenant's name, without a code: to check, tied to no order until the operator decides.
        {
          bookedOn: "2026-11-24",
          amountGrosze: unpaid.price_grosze,
          title: "Przelew środków",
          name: "Olga Wiśniewska",
          account: JANS_ACCOUNT,
          reference: "N1",
        },
        { bookedOn: "2026-11-24", amountGrosze: -316_800, title: "Czynsz za grudzień", name: "Spółdzielnia Przykładowa", reference: "N2" },
      ],
      { fileName: "nobody.sta", reference: "ST/3", operator: OPERATOR, now: hours(24) },
    );
    expect(await line("N1")).toMatchObject({ outcome: "toCheck", order_id: null, counterparty_name: "Olga Wiśniewska" });

    expect(await runHousekeeping(db, LAST_MOMENT_KEPT, SETTINGS)).toMatchObject({
      statementFilesAnonymised: 0,
      statementLinesAnonymised: 0,
    });
    expect(await fileKept("nobody.sta")).toBe(true);
    expect(await line("N1")).toMatchObject({ title: "Przelew środków", counterparty_account: JANS_ACCOUNT });

    expect(await runHousekeeping(db, AFTER_RETENTION, SETTINGS)).toMatchObject({
      statementFilesAnonymised: 1,
      statementLinesAnonymised: 1,
    });
    expect(await fileKept("nobody.sta")).toBe(false);
    expect(await line("N1")).toEqual({
      booked_on: "2026-11-24",
      amount_grosze: unpaid.price_grosze,
      currency: "PLN",
      bank_reference: "N1",
      title: null,
      counterparty_name: null,
      counterparty_account: null,
      outcome: "toCheck",
      order_id: null,
    });
    // Nothing is left to do the next time.
    expect(await runHousekeeping(db, AFTER_RETENTION, SETTINGS)).toMatchObject({
      statementFilesAnonymised: 0,
      statementLinesAnonymised: 0,
    });
  });

  it("a transfer that comes for an order already erased is kept whole for the operator, and goes at the end of retention", async () => {
    const order = await place("late", "Jan Kowalski", "jan@example.com");
    expect(
      await applyTransition(
        db,
        order.id,
        { transition: "cancel", reasonCode: "customer_request", reason: "Na prośbę klienta" },
        OPERATOR,
        hours(1),
      ),
    ).toMatchObject({ ok: true });
    expect(await eraseCustomerData(db, (await findCustomer(db, order.id))!, REQUEST, hours(2))).toMatchObject({ ok: true });
    await uploadStatement(db, [transferFor(order, "Jan Kowalski", JANS_ACCOUNT, "L1")], {
      fileName: "late.sta",
      reference: "ST/4",
      operator: OPERATOR,
      now: hours(24),
    });
    // A payment after the cancellation: money to give back, to the account on the line.
    expect(await line("L1")).toMatchObject({ outcome: "toCheck", order_id: order.id, counterparty_account: JANS_ACCOUNT });

    await runHousekeeping(db, LAST_MOMENT_KEPT, SETTINGS);
    expect([await fileKept("late.sta"), (await line("L1")).counterparty_account]).toEqual([true, JANS_ACCOUNT]);
    expect(await runHousekeeping(db, AFTER_RETENTION, SETTINGS)).toMatchObject({
      statementFilesAnonymised: 1,
      statementLinesAnonymised: 1,
    });
    expect(await line("L1")).toMatchObject({ title: null, counterparty_name: null, counterparty_account: null, order_id: order.id });
    expect(await fileKept("late.sta")).toBe(false);
  });
});
