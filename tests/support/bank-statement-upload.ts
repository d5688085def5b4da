import type { AppDatabase } from "~/db/db.server";
import { importStatement } from "~/bank-statements/import.server";
import { readStatement } from "~/bank-statements/read-statement";

import { mt940Statement, type TestEntry } from "./bank-statement";

/** The operator uploads `entries` as an MT940 file, as "Wczytaj wyciąg" does: read, then imported. */
export async function uploadStatement(
  db: AppDatabase,
  entries: readonly TestEntry[],
  {
    fileName = "wyciag.sta",
    reference = "ST-TEST/1",
    operator = "op@example.com",
    now,
  }: {
    fileName?: string;
    reference?: string;
    operator?: string;
    now: Date;
  },
) {
  const bytes = Buffer.from(mt940Statement(entries, { reference }), "utf8");
  const read = await readStatement(bytes);
  if (read.kind !== "read") throw new Error(`the test statement was not read: ${JSON.stringify(read)}`);
  return importStatement(db, { fileName, bytes, read }, operator, now);
}
