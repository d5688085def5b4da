import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { BackupRefusal, fileStamp, syncToDisk } from "./backup-shared.server";
import type { DatabaseTarget } from "./db.server";
import { dumpPostgresDatabase, restorePostgresDatabase } from "./postgres-backup.server";
import { createPrivateFile } from "./private-files.server";
import { copySqliteDatabase, restoreSqliteDatabase } from "./sqlite-backup.server";

/**
 * `npm run backup` and `npm run restore` (app/admin/backup-cli.ts, docs/decisions/043): a
 * consistent copy of the running site's database into a folder, the newest few kept; and a
 * checked copy put back into a stopped site's database, all at once or not at all.
 */
export { BackupRefusal };

type Dialect = "sqlite" | "postgres";
const EXTENSION: Record<Dialect, string> = { sqlite: ".sqlite3", postgres: ".pgdump" };
/** Only files named so are this command's: pruning never touches anything else in the folder. */
const BACKUP_NAME = /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z\.(sqlite3|pgdump)$/;

const dialectOf = (target: DatabaseTarget): Dialect => ("postgresUrl" in target ? "postgres" : "sqlite");

/** backup-2026-11-30T02-00-00.000Z.sqlite3: UTC, so the names sort in the order they were taken. */
export function backupFileName(at: Date, dialect: Dialect): string {
  return `backup-${fileStamp(at)}${EXTENSION[dialect]}`;
}

export type BackupSettings = { directory: string; keep: number; postgresBin?: string };
export type BackupOutcome = { file: string; bytes: number; schemaVersion: number; removed: string[] };

/**
 * Writes the copy under a hidden name, checks it (it opens, is whole, is this site's), flushes it
 * to the disk and only then gives it its name: a file named `backup-…` is always a whole backup.
 * Older backups are removed only after the new one is in place.
 */
export async function takeBackup(target: DatabaseTarget, settings: BackupSettings, now = new Date()): Promise<BackupOutcome> {
  const directory = resolve(settings.directory);
  // The backups hold every customer's personal data: only the site's own user may read them.
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const file = join(directory, backupFileName(now, dialectOf(target)));
  if (existsSync(file)) throw new BackupRefusal(`${file} exists already.`);
  const partial = join(directory, `.${basename(file)}.partial`);
  rmSync(partial, { force: true });
  try {
    // Private before the first byte is written (VACUUM INTO and pg_dump both write into an empty file), whatever the folder's mode.
    createPrivateFile(partial);
    const { schemaVersion } =
      "postgresUrl" in target
        ? await dumpPostgresDatabase(target.postgresUrl, partial, settings.postgresBin)
        : copySqliteDatabase(target.sqlitePath, partial);
    syncToDisk(partial);
    renameSync(partial, file);
    syncToDisk(directory);
    return { file, bytes: statSync(file).size, schemaVersion, removed: pruneBackups(directory, settings.keep) };
  } finally {
    rmSync(partial, { force: true });
  }
}

/** Deletes all but the newest `keep` backups in the folder; answers the names it deleted. */
export function pruneBackups(directory: string, keep: number): string[] {
  const older = readdirSync(directory)
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .reverse()
    .slice(keep);
  for (const name of older) rmSync(join(directory, name));
  return older;
}

export type RestoreOutcome = {
  schemaVersion: number;
  orders: number;
  replacedKeptAs?: string;
  /**
   * Orders whose personal data the replaced database had erased and the backup still holds, to be
   * erased again before the site starts (app/admin/restore-erasures.server.ts, decision 060); null
   * when no database was replaced, so nothing tells which erasures came after the backup.
   */
  erasedSinceBackup: string[] | null;
};

/**
 * Puts a backup into the configured database, which must not be in use. Refuses, with a
 * BackupRefusal and nothing changed, a file that is not a backup of this site, one of the other
 * database, one made by newer code, and a database the site still has open.
 */
export async function restoreBackup(
  backup: string,
  target: DatabaseTarget,
  { now = new Date(), postgresBin }: { now?: Date; postgresBin?: string } = {},
): Promise<RestoreOutcome> {
  if (!existsSync(backup) || !statSync(backup).isFile()) throw new BackupRefusal(`There is no file ${backup}.`);
  const kind = backupKind(backup);
  if (!kind)
    throw new BackupRefusal(`${backup} is not a backup: it is neither a SQLite database nor a PostgreSQL dump in pg_dump's custom format.`);
  if (kind !== dialectOf(target))
    throw new BackupRefusal(
      kind === "postgres"
        ? `${backup} is a PostgreSQL dump, but this site keeps its data in SQLite (DATABASE_URL is unset).`
        : `${backup} is a SQLite database, but this site keeps its data in PostgreSQL (DATABASE_URL is set).`,
    );
  return "postgresUrl" in target
    ? restorePostgresDatabase(backup, target.postgresUrl, now, postgresBin)
    : restoreSqliteDatabase(backup, target.sqlitePath, now);
}

/** What the file's first bytes say it is: every SQLite database and every custom-format dump starts so. */
function backupKind(path: string): Dialect | undefined {
  const start = Buffer.alloc(16);
  const descriptor = openSync(path, "r");
  try {
    readSync(descriptor, start, 0, start.length, 0);
  } finally {
    closeSync(descriptor);
  }
  if (start.toString("latin1") === "SQLite format 3\0") return "sqlite";
  if (start.subarray(0, 5).toString("latin1") === "PGDMP") return "postgres";
  return undefined;
}
