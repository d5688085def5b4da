#!/usr/bin/env node
// Runs a TypeScript entry that uses the app's modules (the `~/` alias, JSON locales) outside
// Remix: esbuild (installed with @remix-run/dev) bundles it into a temporary ES module,
// leaving npm packages external, and node runs it. Usage: node scripts/run-ts.js <entry.ts> [args]
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error("usage: node scripts/run-ts.js <entry.ts> [args]");
  process.exit(2);
}
// Inside the project (.cache is ignored by git), so the bundle's imports find node_modules.
mkdirSync(resolve(".cache"), { recursive: true });
const outfile = join(mkdtempSync(resolve(".cache", "run-ts-")), "entry.mjs");
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  alias: { "~": resolve("app") },
  jsx: "automatic",
  logLevel: "warning",
});
const result = spawnSync(process.execPath, [outfile, ...args], { stdio: "inherit" });
// The unit tests run it too (the invoice numbering's second processes): the bundles would pile up.
rmSync(dirname(outfile), { recursive: true, force: true });
process.exit(result.status ?? 1);
