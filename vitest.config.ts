import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

/**
 * The test files that open a test database (tests/support/test-databases.ts) run against
 * SQLite and a private PostgreSQL cluster, which the "database" project starts once per run.
 * Every other unit test runs without it, so it needs no PostgreSQL binaries.
 */
const testFiles = readdirSync("app", { recursive: true, encoding: "utf8" })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `app/${file}`);
const databaseTests = testFiles.filter((file) => readFileSync(file, "utf8").includes("support/test-databases"));

/**
 * A test file that stubs the environment or a global, mocks a module or resets the module registry
 * changes what the modules it imports hold, so it gets modules of its own. Every other file shares
 * its worker's modules with the files before it: importing the app's module graph anew for each
 * file cost more than half of a unit run (decision 070).
 */
const changesModules =
  /vi\.(mock|doMock|resetModules|stubEnv|stubGlobal)\b|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|process\.env = /;
const isolatedTests = testFiles.filter((file) => changesModules.test(readFileSync(file, "utf8")));

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
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}"],
          exclude: [...databaseTests, ...isolatedTests],
          isolate: false,
          testTimeout,
        },
      },
      {
        resolve: { alias },
        test: { name: "unit-isolated", include: isolatedTests.filter((file) => !databaseTests.includes(file)), testTimeout },
      },
      {
        resolve: { alias },
        test: {
          name: "database",
          include: databaseTests.filter((file) => !isolatedTests.includes(file)),
          isolate: false,
          globalSetup: ["tests/support/postgres-global-setup.ts"],
          testTimeout,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "database-isolated",
          include: databaseTests.filter((file) => isolatedTests.includes(file)),
          globalSetup: ["tests/support/postgres-global-setup.ts"],
          testTimeout,
        },
      },
    ],
  },
});
