#!/usr/bin/env node
// The main thread's long tasks of one page load, measured so that a busy host moves them little:
// Chromium (390 px, no throttling) records a performance trace, and each task is weighed by its own
// CPU time (the trace's thread time), not by its wall time, which waits for the other processes on a
// shared host. Lighthouse's simulated mobile run multiplies a task by 4; so does this, and it sums
// what each task after the first paint spends beyond 50 ms, as Total Blocking Time does. It names
// what ran inside each long task (a module graph's evaluation, a React callback, a layout…).
// It also sums the main thread's lazy compiling (V8.CompileCode): functions V8 compiles on their first
// call, which the streaming compiler could have done on another thread.
// Usage: node scripts/trace-long-tasks.js URL [RUNS] [--compile-hints]   (a server must answer URL: npm run build && npm start)
// Compare two builds by running it on each in turn, A B A B (docs/performance.md).
// --compile-hints is a what-if, in this test browser only: it puts V8's explicit compile hint
// (`//# allFunctionsCalledOnLoad`) at the top of every script of the build as the browser receives
// it, to weigh what the bundler's output costs the main thread (docs/decisions/054). The site never
// serves that.
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright";

const compileHints = process.argv.includes("--compile-hints");
const [url, runsArgument = "3"] = process.argv.slice(2).filter((argument) => argument !== "--compile-hints");
if (!url) {
  console.error("usage: node scripts/trace-long-tasks.js URL [RUNS] [--compile-hints]");
  process.exit(2);
}
const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";
const SLOWDOWN = 4;
const INSIDE =
  /^(v8\.evaluateModule|EvaluateScript|FunctionCall|TimerFire|RunMicrotasks|EventDispatch|ParseHTML|Layout|UpdateLayoutTree|Paint|V8\.CompileCode)$/;

/** The renderer's main thread: the thread that ran the page's scripts and parsed its HTML. */
function mainThreadOf(events) {
  const counts = new Map();
  for (const event of events) {
    if (event.name !== "FunctionCall" && event.name !== "ParseHTML") continue;
    const thread = `${event.pid}:${event.tid}`;
    counts.set(thread, (counts.get(thread) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const tracePath = join(tmpdir(), `trace-long-tasks-${process.pid}.json`);
try {
  for (let run = 0; run < Number(runsArgument); run++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, ignoreHTTPSErrors: true });
    const page = await context.newPage();
    if (compileHints)
      await page.route(/\/build\/.*\.js$/, async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: COMPILE_HINT + (await response.text()) });
      });
    await browser.startTracing(page, {
      path: tracePath,
      categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "loading", "disabled-by-default-v8.compile"],
    });
    await page.goto(url, { waitUntil: "networkidle" });
    await browser.stopTracing();
    await context.close();
    const events = JSON.parse(readFileSync(tracePath, "utf8")).traceEvents;
    const thread = mainThreadOf(events);
    const onThread = events.filter((event) => `${event.pid}:${event.tid}` === thread && event.ph === "X");
    const firstPaint = events.find((event) => event.name === "firstContentfulPaint" && `${event.pid}:${event.tid}` === thread);
    let blocking = 0;
    const long = [];
    for (const task of onThread) {
      if (task.name !== "RunTask" || !task.tdur || (firstPaint && task.ts < firstPaint.ts)) continue;
      const simulated = (SLOWDOWN * task.tdur) / 1000;
      if (simulated <= 50) continue;
      blocking += simulated - 50;
      const inside = onThread
        .filter((event) => event !== task && event.ts >= task.ts && event.ts + event.dur <= task.ts + task.dur && INSIDE.test(event.name))
        .filter((event) => (event.tdur ?? 0) * SLOWDOWN > 8000)
        .map(
          (event) =>
            `${event.name}${event.args?.data?.url ? ` ${event.args.data.url.split("/").pop()}` : ""} ${Math.round((SLOWDOWN * event.tdur) / 1000)}`,
        );
      long.push(`${Math.round(simulated)} ms [${inside.slice(0, 4).join(", ")}]`);
    }
    const lazyCompiling = onThread.filter((event) => event.name === "V8.CompileCode").reduce((sum, event) => sum + (event.tdur ?? 0), 0);
    console.log(
      `run ${run + 1}: blocking beyond 50 ms after the first paint ${Math.round(blocking)} ms; lazy compiling ${Math.round(lazyCompiling / 1000)} ms of CPU (not × 4); long tasks: ${long.join("; ") || "none"}`,
    );
  }
} finally {
  await browser.close();
  rmSync(tracePath, { force: true });
}
