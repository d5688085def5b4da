import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, mkdtempSync, openSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A second site process for specs that need their own settings (rate limits on, a crash),
 * on a port above the suite's, on 127.0.0.1, with its own SQLite file unless given one.
 */
export function ownSitePort(offset: number): number {
  return Number(process.env.E2E_PORT ?? 3100) + offset;
}

/**
 * Every process a spec starts for itself. A hook that times out abandons its promise before the spec
 * learns the process, so its afterAll cannot stop it; the worker stops them all when it exits, so none
 * outlives its run and holds its port for the next.
 */
const startedProcesses = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of startedProcesses) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

/** Counts `child` among the processes the worker stops when it exits (a stand-in a spec spawns itself). */
export function stoppedWithTheWorker(child: ChildProcess): ChildProcess {
  startedProcesses.add(child);
  child.once("exit", () => startedProcesses.delete(child));
  return child;
}

/** The end of each site's error output, for the message when it exits before it is up. */
const errorOutputTails = new WeakMap<ChildProcess, string>();
/** The sites that have logged that they listen: only then is an answer on their port theirs. */
const listeningSites = new WeakSet<ChildProcess>();
const ERROR_OUTPUT_KEPT = 2000;

/** `logFile`: where the site's output goes (kept for a look after a failure); otherwise only its error output's end is kept. */
export function startOwnSite(port: number, env: Record<string, string> = {}, { logFile }: { logFile?: string } = {}): ChildProcess {
  const base = `http://127.0.0.1:${port}`;
  const site = spawn(process.execPath, ["./build/index.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      SITE_URL: base,
      DATABASE_PATH: join(mkdtempSync(join(tmpdir(), "own-site-")), "app.db"),
      MAIL_DIR: join(mkdtempSync(join(tmpdir(), "own-site-mail-")), "mail"),
      SMTP_URL: "",
      // As on the suite's own site (playwright.config.ts): a failed e-mail or KSeF submission is tried again after 2 s.
      OUTBOX_FIRST_RETRY_SECONDS: "2",
      // No warm-up (docs/decisions/035): it made each start 8 s instead of 2 on the quiet 2-core host, and
      // these sites answer a few requests each. The suite's own site still warms up (decision 093).
      WARM_UP: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  stoppedWithTheWorker(site);
  const log = logFile ? openSync(logFile, "a") : undefined;
  let unfinishedLine = "";
  site.stdout?.setEncoding("utf8").on("data", (text: string) => {
    if (log !== undefined) appendFileSync(log, text);
    if (listeningSites.has(site)) return;
    const lines = (unfinishedLine + text).split("\n");
    unfinishedLine = lines.pop() ?? "";
    if (lines.some((line) => line.includes('"msg":"listening"'))) listeningSites.add(site);
  });
  errorOutputTails.set(site, "");
  site.stderr?.setEncoding("utf8").on("data", (text: string) => {
    if (log !== undefined) appendFileSync(log, text);
    errorOutputTails.set(site, (errorOutputTails.get(site) + text).slice(-ERROR_OUTPUT_KEPT));
  });
  return site;
}

/**
 * Waits for the health check; given the site's process, fails as soon as it exits (a taken port,
 * say), and for a site of startOwnSite's counts an answer only once the site has logged that it
 * listens: another process on the port (another worker's site) answers sooner than ours exits. A busy machine can take a minute
 * to build and start `npm run dev`, so the test's own timeout decides how long is too long; the
 * deadline here only stops the polling of a test that has already failed.
 */
export async function waitUntilUp(port: number, site?: ChildProcess): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (site && site.exitCode !== null)
      throw new Error(
        `the site on port ${port} exited with ${site.exitCode}; its error output ended:\n${errorOutputTails.get(site) ?? "(not kept)"}`,
      );
    if (site && errorOutputTails.has(site) && !listeningSites.has(site)) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the site on port ${port} did not start`);
}

export function stopOwnSite(child: ChildProcess | undefined, signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
  return new Promise((resolve) => {
    // Undefined when the hook that starts it failed before it was known: nothing of it to stop here.
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}
