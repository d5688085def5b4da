import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

/**
 * The test files that open a test database (tests/support/test-databases.ts) run against
 * SQLite and a private PostgreSQL cluster, which the "database" project starts once per run.
 * Every other unit test runs without it, so it needs no PostgreSQL binaries.
 */
const databaseTests = readdirSync("app", { recursive: true, encoding: "utf8" })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `app/${file}`)
  .filter((file) => readFileSync(file, "utf8").includes("support/test-databases"));

/**
 * A limit for a test that hangs, not a speed check (timings live in the bench scripts): on a busy
 * two-core CI machine, the tests that draw several PDFs outgrow vitest's default of five seconds.
 */
const testTimeout = 30_000;

export default defineConfig({
  resolve: { alias },
  test: {
    environment: "node",
    projects: [
      { resolve: { alias }, test: { name: "unit", include: ["app/**/*.test.{ts,tsx}"], exclude: databaseTests, testTimeout } },
      {
        resolve: { alias },
        test: { name: "database", include: databaseTests, globalSetup: ["tests/support/postgres-global-setup.ts"], testTimeout },
      },
    ],
  },
});
