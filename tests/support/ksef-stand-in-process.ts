import { spawn } from "node:child_process";
import { freePort } from "./free-port";

export const TEST_KSEF = { token: "unit-test-ksef-token", nip: "5265877635" } as const;

export type KsefStandIn = {
  /** The API's base, as KSEF_API_URL takes it. */
  apiUrl: string;
  control(rules: {
    outage?: boolean;
    rejectNumbersStartingWith?: string | null;
    processingPolls?: number;
    /** Every token sign-in ends in 450 "Token unieważniony", as after 31 December 2026. */
    tokensWithdrawn?: boolean;
    /** PEM certificates KSeF knows as issued to the seller. */
    registerCertificates?: string[];
  }): Promise<void>;
  invoices(): Promise<
    Array<{
      invoiceNumber: string;
      invoiceHash: string;
      xml: string;
      ksefNumber: string | null;
      status: { code: number };
      /** Sent as issued offline (offlineMode: true). */
      offlineMode: boolean;
    }>
  >;
  /** How often each API call was answered, by method and path with references as {ref}. */
  calls(): Promise<Record<string, number>>;
  stop(): Promise<void>;
};

/** The KSeF stand-in (tests/support/ksef-stand-in.mjs) as its own process on a free port of 127.0.0.1. */
export async function startKsefStandIn(): Promise<KsefStandIn> {
  const port = await freePort();
  const child = spawn(process.execPath, ["tests/support/ksef-stand-in.mjs"], {
    env: { ...process.env, KSEF_STAND_IN_PORT: String(port), KSEF_TOKEN: TEST_KSEF.token, KSEF_NIP: TEST_KSEF.nip },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // It prints one line once it listens.
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`KSeF stand-in exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    apiUrl: `${base}/v2`,
    async control(rules) {
      const response = await fetch(`${base}/__control`, { method: "POST", body: JSON.stringify(rules) });
      if (!response.ok) throw new Error(`stand-in control: HTTP ${response.status}`);
    },
    async invoices() {
      return (await (await fetch(`${base}/__invoices`)).json()) as Awaited<ReturnType<KsefStandIn["invoices"]>>;
    },
    async calls() {
      return (await (await fetch(`${base}/__calls`)).json()) as Record<string, number>;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
