#!/usr/bin/env node
// The one test command (`npm test`): type check, lint and unit tests side by side, the production build
// (`npm run build`), then the browser suite in both projects (JavaScript on and off). It ends with one
// summary line.
// What the machine must have (Chromium, Java, PostgreSQL) is installed by .ci/run, or by
// hand as README.md says.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const reportDir = mkdtempSync(join(tmpdir(), "adres-test-"));

function run(label, command, args, env = {}) {
  console.log(`\n== ${label}: ${command} ${args.join(" ")}`);
  return spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } }).status === 0;
}

/**
 * Runs independent steps at once: each is mostly one process on one core, so together they take about
 * as long as the longest. Each step's output is printed whole when it ends, never interleaved.
 */
async function runTogether(steps) {
  return Promise.all(
    steps.map(
      ({ label, command, args }) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "0" } });
          const output = [];
          child.stdout.on("data", (chunk) => output.push(chunk));
          child.stderr.on("data", (chunk) => output.push(chunk));
          child.on("close", (code) => {
            process.stdout.write(`\n== ${label}: ${command} ${args.join(" ")}\n${Buffer.concat(output).toString()}`);
            resolve(code === 0);
          });
        }),
    ),
  );
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

// The build stays on its own with the terminal's streams: beside the others, with its output piped,
// esbuild's service once ended with a Go deadlock report after a finished build.
// The type check and the lint are one process each, and end within the unit tests' first minute or two;
// the unit tests then run alone, so they take one worker per core (vitest's default, `cores - 1`, left
// one of this 2-core host's cores idle for the three minutes after: decision 088).
const [typecheckOk, lintOk, unitOk] = await runTogether([
  { label: "type check", command: "npx", args: ["tsc"] },
  { label: "lint and format", command: "npm", args: ["run", "lint"] },
  {
    label: "unit tests",
    command: "npx",
    args: ["vitest", "run", "--maxWorkers=100%", "--reporter=default", "--reporter=json", `--outputFile=${vitestReport}`],
  },
]);
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
