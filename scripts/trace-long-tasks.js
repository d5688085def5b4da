#!/usr/bin/env node
// The main thread's long tasks of one page load, measured so that a busy host moves them little:
// Chromium (390 px, no throttling) records a performance trace, and each task is weighed by its own
// CPU time (the trace's thread time), not by its wall time, which waits for the other processes on a
// shared host. Lighthouse's simulated mobile run multiplies a task by 4; so does this, and it sums
// what each task after the first paint spends beyond 50 ms, as Total Blocking Time does. It names
// what ran inside each long task (a module graph's evaluation, a React callback, a layout…).
// Usage: node scripts/trace-long-tasks.js URL [RUNS]   (a server must answer URL: npm run build && npm start)
// Compare two builds by running it on each in turn, A B A B (docs/performance.md).
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright";

const [url, runsArgument = "3"] = process.argv.slice(2);
if (!url) {
  console.error("usage: node scripts/trace-long-tasks.js URL [RUNS]");
  process.exit(2);
}
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
    console.log(
      `run ${run + 1}: blocking beyond 50 ms after the first paint ${Math.round(blocking)} ms; long tasks: ${long.join("; ") || "none"}`,
    );
  }
} finally {
  await browser.close();
  rmSync(tracePath, { force: true });
}
