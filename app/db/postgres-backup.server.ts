import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { BackupRefusal, refuseNewerSchema, type BackupContents } from "./backup-shared.server";
import { findPostgresBinaries } from "./postgres-binaries.server";
import { createPostgresPool } from "./postgres-pool.server";

/**
 * PostgreSQL's side of `npm run backup` and `npm run restore` (docs/decisions/043), through
 * PostgreSQL's own tools: pg_dump in its custom format (compressed, and pg_restore can read
 * one table of it back), pg_restore, and psql to replay the restore in one transaction.
 */
const PROGRAMS = ["pg_dump", "pg_restore", "psql"] as const;
type Tools = Record<(typeof PROGRAMS)[number], string>;

function postgresTools(postgresBin: string | undefined): Tools {
  const folder = findPostgresBinaries(PROGRAMS, postgresBin);
  if (postgresBin && !folder) throw new BackupRefusal(`POSTGRES_BIN=${postgresBin} does not hold pg_dump, pg_restore and psql.`);
  // Without a folder of their own, the tools are looked up on PATH.
  return Object.fromEntries(PROGRAMS.map((program) => [program, folder ? join(folder, program) : program])) as Tools;
}

/** The URL without its password, which goes in the environment instead, where `ps` does not show it. */
function libpqConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/**
 * Resolves when the program exits with 0 (with its output, unless that goes to another program);
 * otherwise fails with what it wrote to stderr.
 */
function finished(child: ChildProcess, program: string, { keepOutput = true } = {}): Promise<string> {
  let output = "";
  let errors = "";
  if (keepOutput) child.stdout?.setEncoding("utf8").on("data", (text: string) => (output += text));
  child.stderr?.setEncoding("utf8").on("data", (text: string) => (errors += text));
  return new Promise((resolve, reject) => {
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new BackupRefusal(
              `${program} was not found. Install PostgreSQL's client tools of the server's major version or newer ` +
                "(Debian: postgresql-client-<version>), or set POSTGRES_BIN to the folder that holds them.",
            )
          : error,
      ),
    );
    child.once("close", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${program} failed (exit code ${code}): ${errors.trim() || "no message"}`)),
    );
  });
}

function run(tools: Tools, program: keyof Tools, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return finished(spawn(tools[program], args, { env, stdio: ["ignore", "pipe", "pipe"] }), program);
}

/**
 * Reads the whole archive (a truncated or damaged one fails here), then the rows of
 * schema_migrations, which the migrations count, out of it without restoring anything.
 */
async function readArchive(tools: Tools, archive: string, shownName: string): Promise<BackupContents> {
  let script: string;
  try {
    await run(tools, "pg_restore", ["--file=/dev/null", archive]);
    script = await run(tools, "pg_restore", ["--data-only", "--table=schema_migrations", "--file=-", archive]);
  } catch (error) {
    if (error instanceof BackupRefusal) throw error;
    throw new BackupRefusal(`${shownName} is not a PostgreSQL dump that pg_restore can read: ${(error as Error).message}`);
  }
  const versions = schemaVersionsIn(script);
  if (versions.length === 0)
    throw new BackupRefusal(`${shownName} is a PostgreSQL dump, but not of this site's database: it has no schema_migrations.`);
  return { schemaVersion: Math.max(...versions) };
}

/** The `version` column of the COPY block that pg_restore writes for schema_migrations. */
export function schemaVersionsIn(script: string): number[] {
  const lines = script.split("\n");
  const start = lines.findIndex((line) => /^COPY \S*schema_migrations \(/.test(line));
  if (start < 0) return [];
  const columns = /\(([^)]*)\)/
    .exec(lines[start]!)![1]!
    .split(",")
    .map((column) => column.trim());
  const end = lines.indexOf("\\.", start);
  return lines.slice(start + 1, end < 0 ? undefined : end).map((row) => Number(row.split("\t")[columns.indexOf("version")]));
}

export async function dumpPostgresDatabase(databaseUrl: string, destination: string, postgresBin?: string): Promise<BackupContents> {
  const tools = postgresTools(postgresBin);
  const { dbname, env } = libpqConnection(databaseUrl);
  await run(tools, "pg_dump", ["--format=custom", "--no-password", `--file=${destination}`, `--dbname=${dbname}`], env);
  return readArchive(tools, destination, `The dump of ${new URL(dbname).pathname.slice(1)}`);
}

/**
 * Replays the dump into the configured database in one transaction (psql --single-transaction,
 * stopping at the first error), so a failure leaves the database as it was. The tables there are
 * not dropped but moved aside into a schema `replaced_<time>` in the same transaction, in case
 * the wrong backup was restored; the dump then makes `public` anew, so no table of newer code
 * stays behind to trip the migrations.
 */
export async function restorePostgresDatabase(archive: string, databaseUrl: string, now: Date, postgresBin?: string) {
  const tools = postgresTools(postgresBin);
  const contents = await readArchive(tools, archive, archive);
  refuseNewerSchema(contents, archive);
  const pool = createPostgresPool(databaseUrl, 1);
  try {
    // Every instance's mail worker queries at least once a second, so a running site always holds a session here.
    const { rows } = await pool.query<{ sessions: number; tables: number; database: string }>(
      `SELECT (SELECT count(*)::int FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend') AS sessions,
              (SELECT count(*)::int FROM pg_tables WHERE schemaname = 'public') AS tables,
              current_database() AS database`,
    );
    const { sessions, tables, database } = rows[0]!;
    if (sessions > 0)
      throw new BackupRefusal(
        `${sessions} other session${sessions === 1 ? " is" : "s are"} connected to the database ${database}: is the site still running? ` +
          "Stop every instance (and any other client of this database), then restore.",
      );
    const replacedKeptAs = tables > 0 ? `replaced_${now.toISOString().replace(/\D/g, "")}` : undefined;
    await replayInOneTransaction(tools, archive, databaseUrl, [
      replacedKeptAs ? `ALTER SCHEMA public RENAME TO ${replacedKeptAs}` : "DROP SCHEMA IF EXISTS public CASCADE",
      "CREATE SCHEMA public",
    ]);
    const counted = await pool.query<{ orders: number }>("SELECT count(*)::int AS orders FROM orders");
    // Orders whose data the replaced database had erased and the backup still holds: a restore would bring them back (decision 060).
    const heldAgain = replacedKeptAs
      ? await pool.query<{ number: string }>(
          `SELECT restored.number FROM public.orders restored JOIN ${replacedKeptAs}.orders replaced ON replaced.number = restored.number
            WHERE replaced.anonymised_at IS NOT NULL AND restored.anonymised_at IS NULL ORDER BY restored.number`,
        )
      : null;
    return {
      ...contents,
      orders: counted.rows[0]!.orders,
      replacedKeptAs: replacedKeptAs && `the schema ${replacedKeptAs}`,
      erasedSinceBackup: heldAgain && heldAgain.rows.map((row) => row.number),
    };
  } finally {
    await pool.end();
  }
}

async function replayInOneTransaction(tools: Tools, archive: string, databaseUrl: string, before: string[]): Promise<void> {
  const { dbname, env } = libpqConnection(databaseUrl);
  // --no-owner and --no-privileges: the tables belong to whoever restores, the site's own database user.
  const script = spawn(tools.pg_restore, ["--no-owner", "--no-privileges", "--file=-", archive], { stdio: ["ignore", "pipe", "pipe"] });
  const psql = spawn(
    tools.psql,
    [
      "--no-psqlrc",
      "--quiet",
      "--no-password",
      "--single-transaction",
      "--set=ON_ERROR_STOP=1",
      ...before.map((statement) => `--command=${statement}`),
      "--file=-",
      `--dbname=${dbname}`,
    ],
    { env, stdio: ["pipe", "ignore", "pipe"] },
  );
  // When psql stops at an error, the rest of the script meets a closed pipe; psql's exit code tells why.
  psql.stdin.on("error", () => undefined);
  script.stdout.pipe(psql.stdin);
  const [replayed, read] = await Promise.allSettled([finished(psql, "psql"), finished(script, "pg_restore", { keepOutput: false })]);
  // psql's own failure explains pg_restore's broken pipe, so it is the one to tell.
  if (replayed.status === "rejected") throw replayed.reason;
  if (read.status === "rejected") throw read.reason;
}
