// Runs app/admin/operator-cli.ts with the app's own modules: esbuild (installed with
// @remix-run/dev) bundles it into a temporary file, which node then runs (docs/decisions/016).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";

// The bundle is CommonJS so that NODE_PATH finds the project's packages from the temp folder.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = mkdtempSync(path.join(tmpdir(), "operator-cli-"));
const outfile = path.join(dir, "operator-cli.cjs");
try {
  buildSync({
    entryPoints: [path.join(root, "app/admin/operator-cli.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    packages: "external",
    alias: { "~": path.join(root, "app") },
    logLevel: "error",
  });
  const result = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], { stdio: "inherit", cwd: root, env: { ...process.env, NODE_PATH: path.join(root, "node_modules") } });
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
