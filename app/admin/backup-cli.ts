import { resolve } from "node:path";
import { env } from "~/config/env.server";
import { BackupRefusal, takeBackup } from "~/db/backup.server";
import { configuredTarget } from "~/db/db.server";
import { restoreKeepingErasures } from "./restore-erasures.server";

/**
 * `npm run backup`: a consistent copy of the configured database (DATABASE_URL, else
 * DATABASE_PATH) into BACKUP_DIR, keeping the newest BACKUP_KEEP; safe while the site runs.
 * `npm run restore <file>`: puts a backup into the configured database of a stopped site, and erases
 * again the customers whose data the replaced database had erased (docs/decisions/060).
 * Exit codes: 0 done, 1 refused or failed (the message says why), 2 wrong arguments.
 */
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(bytes < 10_485_760 ? 2 : 0)} MB`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function main(argv: string[]): Promise<number> {
  const [command, file, ...rest] = argv;
  const started = performance.now();
  if (command === "backup" && !file) {
    const backup = await takeBackup(configuredTarget(), {
      directory: env.BACKUP_DIR,
      keep: env.BACKUP_KEEP,
      postgresBin: env.POSTGRES_BIN,
    });
    console.log(
      `Backup written: ${backup.file} (${megabytes(backup.bytes)}, schema version ${backup.schemaVersion}, ${seconds(started)}).`,
    );
    if (backup.removed.length > 0)
      console.log(`Removed ${backup.removed.length} older (BACKUP_KEEP=${env.BACKUP_KEEP}): ${backup.removed.join(", ")}`);
    return 0;
  }
  if (command === "restore" && file && rest.length === 0) {
    // npm runs scripts in the project's folder; a relative path was typed relative to the operator's own.
    const backup = resolve(process.env.INIT_CWD ?? process.cwd(), file);
    const restored = await restoreKeepingErasures(backup, configuredTarget(), { postgresBin: env.POSTGRES_BIN });
    console.log(`Restored ${backup}: ${restored.orders} orders, schema version ${restored.schemaVersion} (${seconds(started)}).`);
    if (restored.erasedAgain.length > 0)
      console.log(
        `Erased again the personal data of ${restored.erasedAgain.length} orders, erased after this backup was taken: ${restored.erasedAgain.join(", ")}.`,
      );
    if (restored.erasedSinceBackup === null)
      console.log(
        "No database was replaced, so the erasures made after this backup was taken are not known here. As the first thing once " +
          "the site runs, erase those customers' data again (back office → Dane klienta → Usuń dane) from your records of erasure requests.",
      );
    if (restored.replacedKeptAs)
      console.log(`The database it replaced is kept as ${restored.replacedKeptAs}: delete it once the site runs well.`);
    console.log("Start the site: it brings the schema up to this code's version as it starts.");
    return 0;
  }
  console.error("Usage: npm run backup | npm run restore <file>");
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof BackupRefusal ? `Refused: ${error.message}` : error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
