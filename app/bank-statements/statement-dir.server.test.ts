import { existsSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { runHousekeeping } from "~/jobs/housekeeping.server";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { placeSampleOrder } from "../../tests/support/sample-order";
import { mt940Statement } from "../../tests/support/bank-statement";
import { readStatementDir, READ_SUBFOLDER, REFUSED_SUBFOLDER, SETTLING_MS } from "./statement-dir.server";

const T0 = new Date("2026-11-23T09:00:00Z");

describe.each(DIALECTS)("the bank's statement folder on %s", (dialect) => {
  let db: AppDatabase;
  let dir: string;
  let number: string;
  beforeEach(async () => {
    db = await openDatabase(await migratedTarget(dialect));
    dir = mkdtempSync(join(tmpdir(), "statements-"));
    number = (await placeSampleOrder(db, T0)).order.number;
  });
  afterEach(() => db.destroy());

  /** A file the bank finished writing `ageMs` before `now`. */
  function delivered(name: string, content: string, now: Date, ageMs = SETTLING_MS) {
    const path = join(dir, name);
    writeFileSync(path, content);
    const at = new Date(now.getTime() - ageMs);
    utimesSync(path, at, at);
  }
  const statement = (reference: string) =>
    mt940Statement([{ bookedOn: "2026-11-24", amountGrosze: 29_900, title: `Zamówienie ${number}`, reference }], { reference });
  const status = async () => (await db.selectFrom("orders").select("status").where("number", "=", number).executeTakeFirstOrThrow()).status;

  it("reads each settled file once, moves it aside, refuses what is no statement, and leaves a file still arriving", async () => {
    const now = new Date("2026-11-25T06:00:00Z");
    delivered("20261124.sta", statement("A1"), now);
    delivered("strona.csv", "<!DOCTYPE html><html><body>nie wyciąg</body></html>", now);
    delivered("20261125.sta", statement("A2"), now, 1_000);

    expect(await readStatementDir(db, dir, now)).toEqual({ imported: 1, sameFile: 0, refused: 1 });
    expect(await status()).toBe("paid");
    const events = await db.selectFrom("order_events").select(["operator", "details"]).where("to_status", "=", "paid").execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.operator).toBe("system");
    expect(JSON.parse(events[0]!.details!)).toMatchObject({ bankStatement: "20261124.sta" });
    expect(existsSync(join(dir, READ_SUBFOLDER, "20261124.sta"))).toBe(true);
    expect(existsSync(join(dir, REFUSED_SUBFOLDER, "strona.csv"))).toBe(true);
    expect(existsSync(join(dir, "20261125.sta"))).toBe(true);

    // The next pass: only the file that has settled since, and its line for a paid order waits to be checked.
    const later = new Date(now.getTime() + 10 * 60_000);
    expect(await readStatementDir(db, dir, later)).toEqual({ imported: 1, sameFile: 0, refused: 0 });
    const lines = await db.selectFrom("bank_statement_lines").select(["outcome", "reason"]).orderBy("id").execute();
    expect(lines).toEqual([
      { outcome: "paid", reason: null },
      { outcome: "toCheck", reason: "alreadyPaid" },
    ]);
  });

  it("housekeeping reads the folder before the payment deadline, so an order paid by a delivered file is not cancelled", async () => {
    const pastDeadline = new Date("2026-12-05T06:00:00Z");
    delivered("20261124.sta", statement("B1"), pastDeadline);
    const result = await runHousekeeping(db, pastDeadline, {
      paymentDeadlineDays: 7,
      retentionYears: 6,
      readStatementFiles: async (now) => {
        const read = await readStatementDir(db, dir, now);
        return read.imported + read.sameFile + read.refused;
      },
    });
    expect(result).toMatchObject({ statementFilesRead: 1, cancelled: 0 });
    expect(await status()).toBe("paid");
  });
});
