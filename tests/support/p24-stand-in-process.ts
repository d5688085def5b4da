import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "./free-port";

export const TEST_P24 = { merchantId: 100002, posId: 100002, apiKey: "unit-test-api-key", crc: "unit-test-crc" } as const;

/** The Przelewy24 stand-in (tests/support/p24-stand-in.mjs) as its own process on a free port of 127.0.0.1. */
export async function startStandIn(): Promise<{ url: string; process: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["tests/support/p24-stand-in.mjs"], {
    env: {
      ...process.env,
      P24_STAND_IN_PORT: String(port),
      P24_MERCHANT_ID: String(TEST_P24.merchantId),
      P24_POS_ID: String(TEST_P24.posId),
      P24_API_KEY: TEST_P24.apiKey,
      P24_CRC: TEST_P24.crc,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // It prints one line once it listens.
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`stand-in exited with ${code}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { url: `http://127.0.0.1:${port}`, process: child, stop };
}
