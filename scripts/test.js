#!/usr/bin/env node
// The one test command (`npm test`): type check, unit tests, production build, then the
// browser suite in both projects (JavaScript on and off). It ends with one summary line.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const reportDir = mkdtempSync(join(tmpdir(), "adres-test-"));

function run(label, command, args, env = {}) {
  console.log(`\n== ${label}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

function ensureBrowser() {
  if (process.env.CHROMIUM_PATH || existsSync("/usr/bin/chromium")) return;
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package.");
    if (run("apt-get update", "apt-get", ["update", "-qq"]) && run("install chromium", "apt-get", ["install", "-y", "-qq", "chromium"])) return;
  }
  console.error(
    "No Chromium found. Install Debian's package (`sudo apt-get install chromium`), or point the suite at any Chromium build:\n" +
      "  CHROMIUM_PATH=/path/to/chrome npm test\n" +
      "(Playwright's own browser also works: `npx playwright install chromium` then `CHROMIUM_PATH=$(node -e \"console.log(require('playwright').chromium.executablePath())\") npm test`.)",
  );
  process.exit(1);
}

function countVitest(file) {
  try {
    const report = JSON.parse(readFileSync(file, "utf8"));
    return { passed: report.numPassedTests ?? 0, failed: (report.numFailedTests ?? 0) + (report.numTotalTestSuites > 0 && report.success === false && report.numFailedTests === 0 ? 1 : 0) };
  } catch {
    return { passed: 0, failed: 1 };
  }
}

function countPlaywright(file) {
  try {
    const { stats } = JSON.parse(readFileSync(file, "utf8"));
    return { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) };
  } catch {
    return { passed: 0, failed: 1 };
  }
}

ensureBrowser();

const steps = [];
steps.push(run("type check", "npx", ["tsc"]));
const vitestReport = join(reportDir, "vitest.json");
steps.push(run("unit tests", "npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile=${vitestReport}`]));
const built = run("build", "npx", ["remix", "build"]);
steps.push(built);
const playwrightReport = join(reportDir, "playwright.json");
if (built) steps.push(run("browser tests", "npx", ["playwright", "test", ...process.argv.slice(2)], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport }));

const unit = countVitest(vitestReport);
const browser = built ? countPlaywright(playwrightReport) : { passed: 0, failed: 1 };
const stepFailures = steps.filter((ok) => !ok).length;
const passed = unit.passed + browser.passed;
const failed = Math.max(unit.failed + browser.failed, stepFailures > 0 && unit.failed + browser.failed === 0 ? stepFailures : 0);

console.log(`\nunit: ${unit.passed} passed, ${unit.failed} failed; browser: ${browser.passed} passed, ${browser.failed} failed`);
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(stepFailures > 0 ? 1 : 0);
