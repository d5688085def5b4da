import { createPrivateKey, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startKsefStandIn, TEST_KSEF, type KsefStandIn } from "../../tests/support/ksef-stand-in-process";
import { writeKsefCertificate } from "../../tests/support/test-certificates.mjs";
import { KsefRefusedError } from "./gateway";
import { createKsefClient, type KsefApiConfig } from "./ksef-api.server";
import { signedAuthTokenRequest } from "./xades.server";

const dir = mkdtempSync(join(tmpdir(), "ksef-certificates-"));
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const DECEMBER = new Date("2026-12-30T12:00:00Z");
const JANUARY = new Date("2027-01-02T12:00:00Z");

type Certificate = NonNullable<KsefApiConfig["certificate"]>;
function certificateOf(options: Parameters<typeof writeKsefCertificate>[0]): Certificate & { pem: string } {
  const files = writeKsefCertificate(options);
  return {
    certificate: new X509Certificate(readFileSync(files.certFile)),
    privateKey: createPrivateKey(readFileSync(files.keyFile)),
    subjectIdentifierType: "certificateSubject",
    pem: files.certificatePem,
  };
}

let standIn: KsefStandIn;
let rsa: Certificate & { pem: string };
let ec: Certificate & { pem: string };
beforeAll(async () => {
  standIn = await startKsefStandIn();
  rsa = certificateOf({ dir, file: "rsa", nip: TEST_KSEF.nip });
  ec = certificateOf({ dir, file: "ec", nip: TEST_KSEF.nip, keyType: "ec" });
  await standIn.control({ registerCertificates: [rsa.pem, ec.pem] });
});
afterAll(() => standIn.stop());
beforeEach(() => standIn.control({ tokensWithdrawn: false, outage: false }));

/** A client; with `now`, its clock stands still there (the stand-in's tokens follow the real clock, so one sign-in a call). */
const client = (config: Partial<KsefApiConfig>, now?: Date) =>
  createKsefClient({ apiUrl: standIn.apiUrl, nip: TEST_KSEF.nip, ...config }, { pause: nextTurn, now: now && (() => now) });

async function counted(run: () => Promise<unknown>) {
  const before = await standIn.calls();
  await run().catch((error: unknown) => error);
  const after = await standIn.calls();
  return (call: string) => (after[call] ?? 0) - (before[call] ?? 0);
}

describe("signing in to KSeF with a certificate (XAdES)", () => {
  it.each([
    ["an RSA key", () => rsa],
    ["an EC P-256 key", () => ec],
  ])("opens a session with %s, the signature verified by the stand-in's xmlsec1", async (_name, certificate) => {
    const gateway = client({ certificate: certificate() });
    const calls = await counted(async () => gateway.closeSession(await gateway.openSession()));
    expect(calls("POST /auth/xades-signature")).toBe(1);
    expect(calls("POST /auth/ksef-token")).toBe(0);
    expect(calls("POST /auth/token/redeem")).toBe(1);
    expect(calls("POST /sessions/online")).toBe(1);
  });

  it("signs in by the fingerprint when told to", async () => {
    await expect(client({ certificate: { ...rsa, subjectIdentifierType: "certificateFingerprint" } }).openSession()).resolves.toBeTruthy();
  });

  it("is refused for a certificate KSeF did not issue, an expired one, and another NIP, with KSeF's reason", async () => {
    const stranger = certificateOf({ dir, file: "stranger", nip: TEST_KSEF.nip });
    await expect(client({ certificate: stranger }).openSession()).rejects.toThrow(
      "KSeF refused (auth/status): Uwierzytelnianie zakończone niepowodzeniem z powodu błędu certyfikatu: Niezaufany łańcuch certyfikatów.",
    );
    const expired = certificateOf({
      dir,
      file: "expired",
      nip: TEST_KSEF.nip,
      notBefore: new Date("2024-01-01T00:00:00Z"),
      notAfter: new Date("2025-01-01T00:00:00Z"),
    });
    await standIn.control({ registerCertificates: [expired.pem] });
    await expect(client({ certificate: expired }).openSession()).rejects.toThrow(/błędu certyfikatu: Nieważny certyfikat/);
    await expect(client({ certificate: rsa, nip: "7791011327" }).openSession()).rejects.toThrow(
      "KSeF refused (auth/status): Uwierzytelnianie zakończone niepowodzeniem: Brak przypisanych uprawnień",
    );
  });
});

describe("the stand-in's check of a signed AuthTokenRequest, at POST /auth/xades-signature", () => {
  async function challenge(): Promise<string> {
    const answer = (await (await fetch(`${standIn.apiUrl}/auth/challenge`, { method: "POST" })).json()) as { challenge: string };
    return answer.challenge;
  }
  const post = async (xml: string) => {
    const response = await fetch(`${standIn.apiUrl}/auth/xades-signature`, {
      method: "POST",
      headers: { "Content-Type": "application/xml" },
      body: xml,
    });
    const body = (await response.json()) as { exception?: { exceptionDetailList: Array<{ exceptionCode: number }> } };
    return { status: response.status, code: body.exception?.exceptionDetailList[0]?.exceptionCode ?? null };
  };
  const sign = (challengeText: string, certificate: Certificate = rsa) =>
    signedAuthTokenRequest({ challenge: challengeText, nip: TEST_KSEF.nip, ...certificate, signingTime: new Date() });

  it("takes a challenge once: a second use of it is refused (21111)", async () => {
    const given = await challenge();
    expect(await post(sign(given))).toEqual({ status: 202, code: null });
    expect(await post(sign(given))).toEqual({ status: 400, code: 21111 });
  });

  it("refuses a challenge it never gave (21111)", async () => {
    expect(await post(sign("20261129-CR-0000000000-0000000000-00"))).toEqual({ status: 400, code: 21111 });
  });

  it("refuses a tampered document (9105) and a document without a signature (9102)", async () => {
    const xml = sign(await challenge());
    expect(await post(xml.replace(`<Nip>${TEST_KSEF.nip}</Nip>`, "<Nip>7791011327</Nip>"))).toEqual({ status: 400, code: 9105 });
    expect(await post(xml.replace(/<ds:Signature .*<\/ds:Signature>/s, ""))).toEqual({ status: 400, code: 9102 });
  });
});

describe("the KSeF token beside the certificate, and its end on 1 January 2027", () => {
  it("signs in with the certificate while KSeF refuses tokens", async () => {
    await standIn.control({ tokensWithdrawn: true });
    await expect(client({ token: TEST_KSEF.token }).openSession()).rejects.toThrow(/Token unieważniony/);
    const gateway = client({ certificate: rsa, token: TEST_KSEF.token });
    const calls = await counted(() => gateway.openSession());
    expect(calls("POST /sessions/online")).toBe(1);
    expect(calls("POST /auth/ksef-token")).toBe(0);
  });

  it("falls back to the token when KSeF refuses the certificate in 2026, never in 2027", async () => {
    const stranger = certificateOf({ dir, file: "unregistered", nip: TEST_KSEF.nip });
    const december = client({ certificate: stranger, token: TEST_KSEF.token }, DECEMBER);
    const inDecember = await counted(() => december.openSession());
    expect(inDecember("POST /auth/ksef-token")).toBe(1);
    expect(inDecember("POST /sessions/online")).toBe(1);

    const january = client({ certificate: stranger, token: TEST_KSEF.token }, JANUARY);
    let failure: unknown;
    const inJanuary = await counted(() => january.openSession().catch((error: unknown) => (failure = error)));
    expect(inJanuary("POST /auth/ksef-token")).toBe(0);
    expect(failure).toBeInstanceOf(KsefRefusedError);
    expect(String(failure)).toContain("Niezaufany łańcuch certyfikatów");
  });

  it("does not try a token alone from 1 January 2027, and says what to set", async () => {
    await expect(client({ token: TEST_KSEF.token }, JANUARY).openSession()).rejects.toThrow(
      "tokeny KSeF wycofano 1 stycznia 2027: potrzebny certyfikat KSeF (KSEF_CERT_FILE, KSEF_KEY_FILE)",
    );
  });
});
