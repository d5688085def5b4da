import { existsSync, linkSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { BackupRefusal, fileStamp, refuseNewerSchema, syncToDisk, type BackupContents } from "./backup-shared.server";
import { copyPrivately } from "./private-files.server";
import { isBusy } from "./sqlite-busy.server";

/**
 * SQLite's side of `npm run backup` and `npm run restore` (docs/decisions/043).
 *
 * The copy is `VACUUM INTO`: one statement inside one read transaction, so it is the database
 * as of one moment, and in WAL mode a reader never stops the site's writers. (The online
 * backup API copies page by page and starts again whenever another process writes, which a
 * site taking orders does all the time.) This process serves nobody, so it may wait for a lock.
 */
const LOCK_WAIT_MS = 10_000;

export function copySqliteDatabase(sourcePath: string, destination: string): BackupContents {
  if (sourcePath === ":memory:" || !existsSync(sourcePath))
    throw new BackupRefusal(`There is no SQLite database at ${sourcePath} (DATABASE_PATH) to back up.`);
  const source = new SQLite(sourcePath, { readonly: true, fileMustExist: true });
  try {
    source.pragma(`busy_timeout = ${LOCK_WAIT_MS}`);
    source.prepare("VACUUM INTO ?").run(destination);
  } finally {
    source.close();
  }
  return readSqliteBackup(destination, `The copy of ${sourcePath}`);
}

/**
 * Opens a copy (never the original: this may turn it out of WAL mode so it stands alone in one
 * file) and checks that it is whole and is this site's: SQLite's integrity check, an orders
 * table and a schema version (PRAGMA user_version, which the migrations count).
 */
export function readSqliteBackup(path: string, shownName: string): BackupContents & { orders: number } {
  let connection: SQLite.Database | undefined;
  try {
    connection = new SQLite(path, { fileMustExist: true });
    connection.pragma("journal_mode = DELETE");
    const integrity = connection.pragma("integrity_check", { simple: true });
    if (integrity !== "ok") throw new BackupRefusal(`${shownName} is damaged: SQLite's integrity check says "${String(integrity)}".`);
    const schemaVersion = connection.pragma("user_version", { simple: true }) as number;
    const hasOrders = connection.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'orders'").get() !== undefined;
    if (schemaVersion === 0 || !hasOrders)
      throw new BackupRefusal(`${shownName} is a SQLite database, but not this site's: it has no orders.`);
    const { orders } = connection.prepare("SELECT count(*) AS orders FROM orders").get() as { orders: number };
    return { schemaVersion, orders };
  } catch (error) {
    if (error instanceof BackupRefusal) throw error;
    throw new BackupRefusal(`${shownName} does not open as a SQLite database: ${(error as Error).message}.`);
  } finally {
    connection?.close();
  }
}

/**
 * Copies the backup to a hidden file beside the database, checks the copy, and renames it over
 * the database in one step: a reader of the path sees the old file or the whole new one, never
 * a mixture. The database it replaces keeps a second name (a hard link, no copying), in case
 * the wrong backup was restored.
 */
export function restoreSqliteDatabase(backup: string, databasePath: string, now: Date) {
  const target = resolve(databasePath);
  mkdirSync(dirname(target), { recursive: true });
  const partial = join(dirname(target), `.${basename(target)}.restoring`);
  rmSync(partial, { force: true });
  copyPrivately(backup, partial);
  try {
    const contents = readSqliteBackup(partial, backup);
    refuseNewerSchema(contents, backup);
    syncToDisk(partial);
    let replacedKeptAs: string | undefined;
    let erasedSinceBackup: string[] | null = null;
    if (existsSync(target)) {
      refuseWhileInUse(target);
      erasedSinceBackup = heldAgain(erasedOrderNumbers(target), partial);
      replacedKeptAs = `${target}.replaced-${fileStamp(now)}`;
      linkSync(target, replacedKeptAs);
    }
    // A write-ahead log left beside the path belongs to the old file: SQLite would replay it into the new one.
    for (const leftover of [`${target}-wal`, `${target}-shm`, `${target}-journal`]) rmSync(leftover, { force: true });
    renameSync(partial, target);
    syncToDisk(dirname(target));
    return { ...contents, replacedKeptAs, erasedSinceBackup };
  } finally {
    rmSync(partial, { force: true });
  }
}

/** The orders whose personal data a database has erased (on request, or at the end of retention). */
function erasedOrderNumbers(path: string): string[] {
  const connection = new SQLite(path, { readonly: true, fileMustExist: true });
  try {
    return connection.prepare("SELECT number FROM orders WHERE anonymised_at IS NOT NULL ORDER BY number").pluck().all() as string[];
  } finally {
    connection.close();
  }
}

/** Of those orders, the ones whose data the backup still holds: a restore would bring them back (decision 060). */
function heldAgain(erased: string[], backupCopy: string): string[] {
  if (erased.length === 0) return [];
  const connection = new SQLite(backupCopy, { readonly: true, fileMustExist: true });
  try {
    const held = new Set(connection.prepare("SELECT number FROM orders WHERE anonymised_at IS NULL").pluck().all() as string[]);
    return erased.filter((number) => held.has(number));
  } finally {
    connection.close();
  }
}

/**
 * Whether the site (or anything else) has the database open. The site keeps its connections
 * open in WAL mode, and every open WAL connection holds a shared lock on the file; leaving WAL
 * mode needs the file to itself. So: try to leave it, without waiting. A site that was killed
 * holds no lock (the kernel drops a dead process's locks), and leaving WAL then folds the log
 * it left into the file, so the old database stands alone when it is put aside.
 */
function refuseWhileInUse(target: string): void {
  let connection: SQLite.Database | undefined;
  try {
    connection = new SQLite(target, { fileMustExist: true });
    connection.pragma("busy_timeout = 0");
    connection.pragma("journal_mode = DELETE");
  } catch (error) {
    if (isBusy(error))
      throw new BackupRefusal(`The database ${target} is open in another process: is the site still running? Stop it, then restore.`);
    throw new BackupRefusal(
      `The database ${target} does not open (${(error as Error).message}), so it cannot be told whether the site still uses it. ` +
        `Stop the site, move ${target} aside, and restore again.`,
    );
  } finally {
    connection?.close();
  }
}
