import pg from "pg";
import { afterEach, expect, inject, it, vi } from "vitest";
import { DIALECTS, freshTarget } from "../../tests/support/test-databases";
import { log } from "~/log/log.server";
import { createPostgresPool } from "./postgres-pool.server";

afterEach(() => {
  vi.restoreAllMocks();
});

it.skipIf(!DIALECTS.includes("postgres"))(
  "an idle connection ended by the server is logged and replaced, and the process goes on",
  async () => {
    const target = await freshTarget("postgres");
    if (!("postgresUrl" in target)) throw new Error("expected a PostgreSQL database");
    const logged = new Promise<string>((resolve) => {
      vi.spyOn(log, "error").mockImplementation((_fields: unknown, message?: unknown) => resolve(String(message)));
    });
    const pool = createPostgresPool(target.postgresUrl, 1);
    const admin = new pg.Client({ connectionString: inject("postgresUrl") });
    await admin.connect();
    try {
      const { rows } = await pool.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      await admin.query("SELECT pg_terminate_backend($1)", [rows[0]!.pid]);

      expect(await logged).toMatch(/^an idle PostgreSQL connection was lost/);
      const again = await pool.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      expect(again.rows[0]!.pid).not.toBe(rows[0]!.pid);
    } finally {
      await admin.end();
      await pool.end();
    }
  },
);
