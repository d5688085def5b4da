import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.{ts,tsx}"],
    environment: "node",
    // A private PostgreSQL cluster for the database tests, started once per run.
    globalSetup: ["tests/support/postgres-global-setup.ts"],
  },
});
