#!/usr/bin/env node
// The one test command (`npm test`): type check, lint and format check, unit tests, production build
// (`npm run build`), then the browser suite in both projects (JavaScript on and off). It ends with one
// summary line.
// What the machine must have (Chromium, Java, PostgreSQL) is installed by .ci/run, or by
// hand as README.md says.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const reportDir = mkdtempSync(join(tmpdir(), "adres-test-"));

function run(label, command, args, env = {}) {
  console.log(`\n== ${label}: ${command} ${args.join(" ")}`);
  return spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } }).status === 0;
}

/** Reads a JSON report; a missing or broken one means the runner itself failed. */
function readReport(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

const vitestReport = join(reportDir, "vitest.json");
const playwrightReport = join(reportDir, "playwright.json");

const typecheckOk = run("type check", "npx", ["tsc"]);
const lintOk = run("lint and format", "npm", ["run", "lint"]);
const unitOk = run("unit tests", "npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile=${vitestReport}`]);
const buildOk = run("build", "npm", ["run", "build"]);
const browserOk =
  buildOk &&
  run("browser tests", "npx", ["playwright", "test", ...process.argv.slice(2)], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport });

const unit = readReport(vitestReport);
const browser = buildOk ? readReport(playwrightReport) : null;
const passed = (unit?.numPassedTests ?? 0) + (browser?.stats.expected ?? 0);
const failedTests = (unit?.numFailedTests ?? 0) + (browser?.stats.unexpected ?? 0) + (browser?.stats.flaky ?? 0);
// A step that failed without a failing test (a type error, a broken build, a crashed runner) counts as one failure.
const failedSteps = [typecheckOk, lintOk, unitOk && unit !== null, buildOk, browserOk && browser !== null].filter((ok) => !ok).length;
const failed = failedTests > 0 ? failedTests : failedSteps;

console.log(
  `\nunit: ${unit?.numPassedTests ?? 0} passed, ${unit?.numFailedTests ?? 0} failed; browser: ${browser?.stats.expected ?? 0} passed, ${(browser?.stats.unexpected ?? 0) + (browser?.stats.flaky ?? 0)} failed`,
);
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps > 0 || failed > 0 ? 1 : 0);
