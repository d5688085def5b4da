// The one way every outside service's stand-in is started (docs/decisions/077): the unit tests'
// helpers (tests/support/*-stand-in-process.ts), the browser specs that run a site of their own,
// the fault runs, and `npm run dev:payments`, `dev:shipping` and `dev:ksef`.
import { spawn } from "node:child_process";

/** Each stand-in's script, and the variable it reads its port from. */
export const STAND_INS = {
  przelewy24: { script: "tests/support/p24-stand-in.mjs", portVariable: "P24_STAND_IN_PORT" },
  inpost: { script: "tests/support/inpost-stand-in.mjs", portVariable: "INPOST_STAND_IN_PORT" },
  ksef: { script: "tests/support/ksef-stand-in.mjs", portVariable: "KSEF_STAND_IN_PORT" },
};

/**
 * Starts one stand-in as its own process on 127.0.0.1:`port`, with `env` over this process's
 * environment, and resolves once it listens (its first line on stdout says so). An exit before
 * that (its port taken, say) rejects at once. With `echo` its output goes on to this process's
 * (the dev scripts show it beside the site's); otherwise it is read and dropped.
 *
 * @param {keyof typeof STAND_INS} service
 * @param {{ port: number; env?: Record<string, string>; echo?: boolean }} options
 * @returns {Promise<{ url: string; port: number; process: import("node:child_process").ChildProcess; stop: () => Promise<void> }>}
 */
export async function startStandInProcess(service, { port, env = {}, echo = false }) {
  const { script, portVariable } = STAND_INS[service];
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env, [portVariable]: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stdout = /** @type {import("node:stream").Readable} */ (child.stdout);
  await new Promise((resolve, reject) => {
    stdout.once("data", (line) => {
      if (echo) process.stdout.write(line);
      resolve(undefined);
    });
    child.once("exit", (code) => reject(new Error(`the ${service} stand-in on port ${port} exited with ${code} before it listened`)));
  });
  if (echo) stdout.pipe(process.stdout);
  else stdout.resume();
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve(undefined);
      child.once("exit", () => resolve(undefined));
      child.kill("SIGTERM");
    });
  return { url: `http://127.0.0.1:${port}`, port, process: child, stop: /** @type {() => Promise<void>} */ (stop) };
}
