import { closeSync, fsyncSync, openSync } from "node:fs";
import { MIGRATIONS } from "./migrations";

/** Why a backup or a restore did not happen, in words for the operator (the CLI prints it and exits 1). */
export class BackupRefusal extends Error {
  override name = "BackupRefusal";
}

/** What a backup holds, read from the backup itself. */
export type BackupContents = { schemaVersion: number };

/**
 * A database from newer code may hold columns and tables this code does not know, and this
 * code's migrations could never bring it back down: restoring it would break the site.
 */
export function refuseNewerSchema(contents: BackupContents, shownName: string): void {
  if (contents.schemaVersion > MIGRATIONS.length)
    throw new BackupRefusal(
      `${shownName} was made by newer code: its schema is at version ${contents.schemaVersion}, and this code knows ${MIGRATIONS.length}. ` +
        "Restore it with the code it came from, or a later one.",
    );
}

/** Flushes a file, or a folder's list of names after a rename, to the disk before anyone relies on it. */
export function syncToDisk(path: string): void {
  const descriptor = openSync(path, "r");
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

/** A moment as it can stand in a file name: 2026-11-30T02-00-00.123Z (colons upset rsync and other systems). */
export function fileStamp(at: Date): string {
  return at.toISOString().replaceAll(":", "-");
}
