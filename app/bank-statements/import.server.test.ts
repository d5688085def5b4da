import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase, type DatabaseTarget } from "~/db/db.server";
import { DIALECTS, freshTarget } from "../../tests/support/test-databases";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { mt940Statement, type TestEntry } from "../../tests/support/bank-statement";
import { uploadStatement } from "../../tests/support/bank-statement-upload";
import { undoMove } from "~/flows/undo.server";
import { listLines, resolveLine } from "./to-check.server";

const T0 = new Date("2026-11-23T09:00:00Z");
const UPLOAD = new Date("2026-11-25T07:30:00Z");
const OPERATOR = "op@example.com";

describe.each(DIALECTS)("reading a statement into the orders on %s", (dialect) => {
  let db: AppDatabase;
  let target: DatabaseTarget;
  let numbers: string[];
  beforeEach(async () => {
    target = await freshTarget(dialect);
    db = await openDatabase(target);
    numbers = [];
    for (const [index, tenantName] of ["Jan Kowalski", "Ewa Nowak", "Olga Wiśniewska"].entries()) {
      const { order } = await placeSampleOrder(db, T0, { details: { tenantName }, idempotencyKey: `k${index}` });
      numbers.push(order.number);
    }
  });
  afterEach(() => db.destroy());

  const upload = (entries: readonly TestEntry[], { fileName = "wyciag.sta", reference = "ST-TEST/1", now = UPLOAD } = {}) =>
    uploadStatement(db, entries, { fileName, reference, operator: OPERATOR, now });
  const statusOf = async (number: string) =>
    await db.selectFrom("orders").select(["status", "paid_at", "received_grosze"]).where("number", "=", number).executeTakeFirstOrThrow();
  const paidMails = async () =>
    (
      await db
        .selectFrom("outbox")
        .innerJoin("orders", "orders.id", "outbox.order_id")
        .select("orders.number")
        .where("kind", "=", "order_paid")
        .execute()
    ).map((row) => row.number);
  const spelled = (number: string) => number.replace(/^AE-(\d{4})-0*(\d+)$/, "ae $1 $2");

  const aMorning = (): TestEntry[] => [
    { bookedOn: "2026-11-24", amountGrosze: 29_900, title: `Zamówienie ${numbers[0]}`, name: "Jan Kowalski", reference: "R1" },
    { bookedOn: "2026-11-24", amountGrosze: 29_900, title: `oswiadczenie ${spelled(numbers[1]!)}`, name: "Ewa Nowak", reference: "R2" },
    { bookedOn: "2026-11-24", amountGrosze: 29_000, title: `Zamówienie ${numbers[2]}`, name: "Olga Wiśniewska", reference: "R3" },
    { bookedOn: "2026-11-24", amountGrosze: 29_900, title: `Zamówienie ${numbers[0]} jeszcze raz`, name: "Jan Kowalski", reference: "R4" },
    { bookedOn: "2026-11-24", amountGrosze: -316_800, title: "Czynsz za grudzień", name: "Spółdzielnia Przykładowa", reference: "R5" },
    {
      bookedOn: "2026-11-24",
      amountGrosze: 5_000,
      title: "Zwrot za obiad",
      name: "Piotr Obcy",
      account: "PL61109010140000071219812874",
      reference: "R6",
    },
  ];

  it("marks paid what it is sure of, as the operator's 'paid' does, and keeps the rest to check or stripped", async () => {
    const result = await upload(aMorning());
    expect(result).toMatchObject({ kind: "imported", counts: { paid: 2, toCheck: 2, readBefore: 0, notOurs: 2 } });

    expect(await statusOf(numbers[0]!)).toEqual({ status: "paid", paid_at: "2026-11-24", received_grosze: 29_900 });
    expect(await statusOf(numbers[1]!)).toMatchObject({ status: "paid" });
    expect(await statusOf(numbers[2]!)).toMatchObject({ status: "awaiting_payment" });
    expect((await paidMails()).sort()).toEqual([numbers[0], numbers[1]].sort());

    const history = await db
      .selectFrom("order_events")
      .innerJoin("orders", "orders.id", "order_events.order_id")
      .select(["order_events.operator", "order_events.to_status", "order_events.details"])
      .where("orders.number", "=", numbers[0]!)
      .where("order_events.to_status", "=", "paid")
      .execute();
    expect(history).toHaveLength(1);
    expect(history[0]!.operator).toBe(OPERATOR);
    expect(JSON.parse(history[0]!.details!)).toMatchObject({
      bankStatement: "wyciag.sta",
      statementDate: "2026-11-24",
      statementLine: "1",
    });

    const lines = await db.selectFrom("bank_statement_lines").selectAll().orderBy("line_no").execute();
    expect(lines.map((line) => [line.line_no, line.outcome, line.reason])).toEqual([
      [1, "paid", null],
      [2, "paid", null],
      [3, "toCheck", "tooLittle"],
      [4, "toCheck", "alreadyPaid"],
      [5, "notOurs", null],
      [6, "notOurs", null],
    ]);
    expect(JSON.parse(lines[2]!.reason_facts!)).toEqual({ reason: "tooLittle", orderNumber: numbers[2], differenceGrosze: -900 });
    // Other people's transfers keep date, amount and reference only.
    expect(lines[5]).toMatchObject({
      title: null,
      counterparty_name: null,
      counterparty_account: null,
      amount_grosze: 5_000,
      bank_reference: "R6",
    });
    expect(lines[2]).toMatchObject({ title: `Zamówienie ${numbers[2]}`, counterparty_name: "Olga Wiśniewska" });
  });

  it("the same file again changes nothing and says so; an overlapping one acts only on its new lines", async () => {
    const first = await upload(aMorning());
    expect(await upload(aMorning(), { fileName: "znowu.sta" })).toEqual({
      kind: "sameFile",
      statementId: (first as { statementId: number }).statementId,
    });

    const overlapping = [
      aMorning()[0]!,
      {
        bookedOn: "2026-11-25",
        amountGrosze: 29_900,
        title: `AE${numbers[2]!.replaceAll("-", "")}`,
        name: "Olga Wiśniewska",
        reference: "R7",
      },
    ];
    expect(await upload(overlapping, { reference: "ST-TEST/2" })).toMatchObject({
      kind: "imported",
      counts: { paid: 1, toCheck: 0, readBefore: 1, notOurs: 0 },
    });
    expect(await statusOf(numbers[2]!)).toMatchObject({ status: "paid", paid_at: "2026-11-25" });
    expect((await paidMails()).sort()).toEqual([...numbers].sort());
    expect(await db.selectFrom("bank_statements").select("id").execute()).toHaveLength(2);
  });

  it("two operators uploading the same statement at once, or two overlapping ones, mark each order once with one e-mail", async () => {
    const results = await Promise.all([upload(aMorning()), upload(aMorning())]);
    expect(results.map((result) => result.kind).sort()).toEqual(["imported", "sameFile"]);

    const other = [...aMorning().slice(0, 2), { ...aMorning()[2]!, amountGrosze: 29_900, reference: "R8" }];
    const overlapping = await Promise.all([upload(other, { reference: "ST-TEST/3" }), upload(other.slice(1), { reference: "ST-TEST/4" })]);
    expect(overlapping.map((result) => result.kind)).toEqual(["imported", "imported"]);
    expect((await paidMails()).sort()).toEqual([...numbers].sort());
    const paidEvents = await db.selectFrom("order_events").select("order_id").where("to_status", "=", "paid").execute();
    expect(paidEvents).toHaveLength(3);
  });

  it("a credit without a code, of an order's price and in its tenant's name, waits with that order as the candidate", async () => {
    const result = await upload([
      { bookedOn: "2026-11-24", amountGrosze: 29_900, title: "Przelew środków", name: "EWA NOWAK", reference: "R9" },
    ]);
    expect(result).toMatchObject({ counts: { toCheck: 1, paid: 0 } });
    const line = await db.selectFrom("bank_statement_lines").selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(line.reason_facts!)).toEqual({ reason: "noCode", candidates: [numbers[1]] });
    expect(await statusOf(numbers[1]!)).toMatchObject({ status: "awaiting_payment" });
  });

  it("killed with SIGKILL in the middle of a statement, no order is marked without its history and e-mail; the file sent again finishes it", async () => {
    const entries = numbers.map((number, index) => ({
      bookedOn: "2026-11-24",
      amountGrosze: 29_900,
      title: `Zamówienie ${number}`,
      reference: `K${index}`,
    }));
    const file = join(mkdtempSync(join(tmpdir(), "statement-")), "wyciag.sta");
    writeFileSync(file, mt940Statement(entries));
    const child = spawn(
      process.execPath,
      [
        "scripts/run-ts.js",
        "tests/support/statement-import-process.ts",
        "sqlitePath" in target ? target.sqlitePath : target.postgresUrl,
        file,
        "3",
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const said = (await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next()).value as string;
    expect(said).toMatch(/^inside \d+$/);
    // It dies inside the third line's transaction, after the first two committed.
    process.kill(Number(said.split(" ")[1]), "SIGKILL");
    await exited;

    const paidNumbers = async () =>
      (await db.selectFrom("orders").select("number").where("status", "=", "paid").orderBy("number").execute()).map((row) => row.number);
    const paidEvents = async () =>
      (
        await db
          .selectFrom("order_events")
          .innerJoin("orders", "orders.id", "order_events.order_id")
          .select("orders.number")
          .where("to_status", "=", "paid")
          .orderBy("orders.number")
          .execute()
      ).map((row) => row.number);
    expect(await paidNumbers()).toEqual([numbers[0], numbers[1]]);
    expect(await paidEvents()).toEqual([numbers[0], numbers[1]]);
    expect((await paidMails()).sort()).toEqual([numbers[0], numbers[1]]);
    expect(await db.selectFrom("bank_statement_lines").select("line_no").orderBy("line_no").execute()).toEqual([
      { line_no: 1 },
      { line_no: 2 },
    ]);
    expect(await db.selectFrom("bank_statements").select("completed_at").execute()).toEqual([{ completed_at: null }]);

    // Sent again while the dead upload's lease holds, the file is left alone; after it, the rest is read.
    expect(await upload(entries, { now: new Date(Date.now() + 60_000) })).toMatchObject({ kind: "sameFile" });
    expect(await upload(entries, { now: new Date(Date.now() + 3 * 60_000) })).toMatchObject({
      kind: "imported",
      counts: { paid: 3, toCheck: 0, readBefore: 0, notOurs: 0 },
    });
    expect(await paidNumbers()).toEqual(numbers);
    expect(await paidEvents()).toEqual(numbers);
    expect((await paidMails()).sort()).toEqual(numbers);
  }, 60_000);

  it("a statement's 'paid' taken back with \"Cofnij\" puts its line back to check, and assigning it marks the order paid again", async () => {
    await upload(aMorning().slice(0, 1));
    const order = await db.selectFrom("orders").select("id").where("number", "=", numbers[0]!).executeTakeFirstOrThrow();
    const paid = await db
      .selectFrom("order_events")
      .select("id")
      .where("order_id", "=", order.id)
      .where("to_status", "=", "paid")
      .executeTakeFirstOrThrow();
    expect(await undoMove(db, order.id, paid.id, OPERATOR, new Date(UPLOAD.getTime() + 60_000))).toMatchObject({ ok: true });
    expect(await statusOf(numbers[0]!)).toMatchObject({ status: "awaiting_payment" });

    const [line] = await listLines(db, "open");
    expect(line).toMatchObject({ toCheck: { reason: "undone", orderNumber: numbers[0] }, amountGrosze: 29_900 });
    expect(
      await resolveLine(db, line!.id, { action: "assign", orderNumber: numbers[0]! }, OPERATOR, new Date(UPLOAD.getTime() + 120_000)),
    ).toEqual({
      ok: true,
      resolution: "assigned",
      orderNumber: numbers[0],
    });
    expect(await statusOf(numbers[0]!)).toMatchObject({ status: "paid" });

    // Assigned by hand and taken back again: the line waits once more, with its reason.
    const again = await db
      .selectFrom("order_events")
      .select("id")
      .where("order_id", "=", order.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(await undoMove(db, order.id, again.id, OPERATOR, new Date(UPLOAD.getTime() + 180_000))).toMatchObject({ ok: true });
    expect((await listLines(db, "open")).map((open) => open.toCheck.reason)).toEqual(["undone"]);
  });
});
