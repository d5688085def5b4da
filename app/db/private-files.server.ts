import { chmodSync, closeSync, openSync, readSync, statSync, writeSync } from "node:fs";

/**
 * Files that hold every customer's personal data (the live SQLite database with its -wal and
 * -shm, a backup, a restore's copy) are readable by the site's own user alone, from their first
 * byte (docs/decisions/060): a file created with the usual 644 and tightened afterwards is
 * readable by anyone on the machine while it is being written.
 */
export const PRIVATE_FILE_MODE = 0o600;

/** Creates an empty private file, failing when the path exists: whatever is then written into it is private from the start. */
export function createPrivateFile(path: string): void {
  closeSync(openSync(path, "wx", PRIVATE_FILE_MODE));
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/**
 * Before SQLite opens the live database: a new one is created private, and SQLite gives its -wal
 * and -shm the database's own mode. A database (or -wal, -shm) that an earlier version left
 * readable to others is made private, when the site's user owns it.
 */
export function keepDatabasePrivate(path: string): void {
  // "a": created when missing, left as it is otherwise; two processes starting together may both do it.
  closeSync(openSync(path, "a", PRIVATE_FILE_MODE));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    try {
      const { mode, uid } = statSync(file);
      if ((mode & 0o077) !== 0 && uid === process.getuid?.()) chmodSync(file, PRIVATE_FILE_MODE);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
}

/** Copies a file into a new private one, whatever the source's own mode (a restore's copy of a backup made elsewhere). */
export function copyPrivately(source: string, destination: string): void {
  createPrivateFile(destination);
  const from = openSync(source, "r");
  const to = openSync(destination, "r+");
  try {
    const buffer = Buffer.alloc(1 << 20);
    for (let read = readSync(from, buffer); read > 0; read = readSync(from, buffer))
      for (let written = 0; written < read;) written += writeSync(to, buffer, written, read - written);
  } finally {
    closeSync(from);
    closeSync(to);
  }
}
