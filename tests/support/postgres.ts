import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findPostgresBinaries } from "../../app/db/postgres-binaries.server";
import { freePort } from "./free-port";

/**
 * A private, throw-away PostgreSQL cluster for the tests: initdb in a temp folder, started on
 * a free 127.0.0.1 port, removed afterwards. Never the machine's own cluster. When running as
 * root, PostgreSQL refuses to start, so the binaries run as the `postgres` user.
 */
export type TestPostgres = { url: string; stop: () => void };

function findBinaries(): string {
  const found = findPostgresBinaries(["initdb", "pg_ctl"], process.env.POSTGRES_BIN);
  if (!found) {
    throw new Error(
      "PostgreSQL is needed for the database tests but initdb/pg_ctl were not found under /usr/lib/postgresql/*/bin. " +
        "Install Debian's `postgresql` package (apt-get install postgresql) or set POSTGRES_BIN to the folder holding initdb.",
    );
  }
  return found;
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = findBinaries();
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", join(bin, command), ...args]] : [join(bin, command), args];
    const result = spawnSync(file, argv, { encoding: "utf8", timeout: 60_000 });
    if (result.status !== 0) throw new Error(`${command} failed (${result.status}): ${result.stderr || result.stdout || result.error}`);
  };

  const root = mkdtempSync(join(tmpdir(), "app-test-pg-"));
  if (asRoot) execFileSync("chown", ["postgres:postgres", root]);
  const dataDir = join(root, "data");
  const port = await freePort();
  try {
    run("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
    run("pg_ctl", [
      "-D",
      dataDir,
      "-l",
      join(root, "server.log"),
      "-w",
      "-t",
      "30",
      "-o",
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${root} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
      "start",
    ]);
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
