import { mkdir, readdir, readFile, rename, stat } from "node:fs/promises";
import { join } from "node:path";
import type { AppDatabase } from "~/db/db.server";
import { errorFields, log } from "~/log/log.server";
import { SYSTEM_ACTOR } from "~/order/lifecycle/order-transitions.server";
import { importStatement } from "./import.server";
import { readStatement, STATEMENT_MAX_BYTES } from "./read-statement";

/** Where a file goes once read, inside the folder: what is left at the top is what has not been read. */
export const READ_SUBFOLDER = "wczytane";
export const REFUSED_SUBFOLDER = "odrzucone";

/** A file changed this recently may still be arriving (the bank's SFTP upload): it waits for the next pass. */
export const SETTLING_MS = 60_000;

export type StatementDirResult = { imported: number; sameFile: number; refused: number };

/**
 * Housekeeping's pass over BANK_STATEMENT_DIR, for banks that deliver statements as files: each
 * file at the top of the folder is read as an upload would be (the system named as the one who
 * read it), then moved into `wczytane/` or, refused, into `odrzucone/` with the reason in the log.
 * A file moved back, or one that could not be moved, is read again harmlessly: the same bytes
 * change nothing (the statement's hash) and overlapping lines are read once (their keys).
 */
export async function readStatementDir(db: AppDatabase, dir: string, now: Date): Promise<StatementDirResult> {
  const result: StatementDirResult = { imported: 0, sameFile: 0, refused: 0 };
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    const info = await stat(path);
    if (now.getTime() - info.mtimeMs < SETTLING_MS) continue;
    const bytes = info.size > STATEMENT_MAX_BYTES ? null : await readFile(path);
    const read = bytes === null ? null : await readStatement(bytes);
    if (bytes !== null && read !== null && read.kind === "read") {
      const imported = await importStatement(db, { fileName: entry.name, bytes, read }, SYSTEM_ACTOR, now);
      result[imported.kind === "imported" ? "imported" : "sameFile"] += 1;
      log.info({ file: entry.name, statementId: imported.statementId, outcome: imported.kind }, "bank statement file read");
      await moveInto(dir, READ_SUBFOLDER, entry.name);
      continue;
    }
    result.refused += 1;
    // A CSV whose bank cannot be told needs the operator's answer: the upload page asks for it.
    const reason =
      read === null ? "tooLarge" : read.kind === "chooseBank" ? "chooseBank" : read.kind === "refused" ? read.refusal : "unknown";
    log.warn({ file: entry.name, reason }, "bank statement file refused");
    await moveInto(dir, REFUSED_SUBFOLDER, entry.name);
  }
  return result;
}

async function moveInto(dir: string, subfolder: string, name: string): Promise<void> {
  try {
    await mkdir(join(dir, subfolder), { recursive: true, mode: 0o700 });
    await rename(join(dir, name), join(dir, subfolder, name));
  } catch (error) {
    log.warn({ ...errorFields(error), file: name }, "bank statement file could not be moved; it will be read again, harmlessly");
  }
}
