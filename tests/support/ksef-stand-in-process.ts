import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port";
import { startStandInProcess } from "./stand-ins.mjs";
import { writeKsefCertificate } from "./test-certificates.mjs";

export const TEST_KSEF = { token: "unit-test-ksef-token", nip: "5265877635" } as const;

type TestCertificate = ReturnType<typeof writeKsefCertificate>;
let certificates: { authentication: TestCertificate; offline: TestCertificate } | undefined;

/**
 * The seller's KSeF certificates in the tests, made once per process in a temporary folder: type 1
 * (authentication, RSA) and type 2 (offline, EC P-256), both with TEST_KSEF.nip. Every stand-in
 * started here knows them as issued by KSeF.
 */
export function testKsefCertificates(): { authentication: TestCertificate; offline: TestCertificate } {
  if (!certificates) {
    const dir = mkdtempSync(join(tmpdir(), "ksef-certificates-"));
    certificates = {
      authentication: writeKsefCertificate({ dir, file: "authentication", nip: TEST_KSEF.nip }),
      offline: writeKsefCertificate({ dir, file: "offline", nip: TEST_KSEF.nip, usage: "offline", keyType: "ec" }),
    };
  }
  return certificates;
}

/** The site's KSEF_* settings for a stand-in: signing in with the type 1 certificate, and with `offline` the type 2 one too. */
export function ksefSettingsFor(standIn: Pick<KsefStandIn, "apiUrl">, { offline = false } = {}): Record<string, string> {
  const { authentication, offline: offlineCertificate } = testKsefCertificates();
  return {
    KSEF_API_URL: standIn.apiUrl,
    KSEF_NIP: TEST_KSEF.nip,
    KSEF_CERT_FILE: authentication.certFile,
    KSEF_KEY_FILE: authentication.keyFile,
    ...(offline ? { KSEF_OFFLINE_CERT_FILE: offlineCertificate.certFile, KSEF_OFFLINE_KEY_FILE: offlineCertificate.keyFile } : {}),
  };
}

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
  const { url: base, stop } = await startStandInProcess("ksef", {
    port: await freePort(),
    env: {
      KSEF_TOKEN: TEST_KSEF.token,
      KSEF_NIP: TEST_KSEF.nip,
      KSEF_CERT_FILE: testKsefCertificates().authentication.certFile,
      KSEF_OFFLINE_CERT_FILE: testKsefCertificates().offline.certFile,
    },
  });
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
    stop,
  };
}
