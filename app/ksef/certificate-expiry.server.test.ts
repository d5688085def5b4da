import { createPrivateKey, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "~/db/db.server";
import { DIALECTS, migratedTarget } from "../../tests/support/test-databases";
import { writeKsefCertificate } from "../../tests/support/test-certificates.mjs";
import type { KsefCertificate } from "./certificate.server";
import {
  certificateExpiries,
  certificateExpiryMail,
  sendCertificateExpiryNotices,
  type CertificateExpiry,
} from "./certificate-expiry.server";

const dir = mkdtempSync(join(tmpdir(), "ksef-expiry-"));
const END = new Date("2027-03-31T12:00:00Z");
const days = (count: number) => new Date(END.getTime() - count * 24 * 60 * 60_000);

function certificateEnding(file: string, usage: "authentication" | "offline" = "authentication"): KsefCertificate {
  const files = writeKsefCertificate({ dir, file, nip: "5265877635", usage, notBefore: new Date("2026-01-01T00:00:00Z"), notAfter: END });
  const certificate = new X509Certificate(readFileSync(files.certFile));
  return {
    certificate,
    privateKey: createPrivateKey(readFileSync(files.keyFile)),
    serialHex: files.serialHex,
    validTo: certificate.validToDate,
  };
}

describe("a KSeF certificate's end on the invoices page", () => {
  it("shows the last day, and warns from 30 days before it", () => {
    const authentication = certificateEnding("page");
    const at = (now: Date) => certificateExpiries({ authentication, offline: null }, now)[0];
    expect(at(days(31))).toMatchObject({ kind: "authentication", validTo: "2027-03-31T12:00:00.000Z", daysLeft: 31, warn: false });
    expect(at(days(30))).toMatchObject({ daysLeft: 30, warn: true });
    expect(at(days(-1))).toMatchObject({ daysLeft: -1, warn: true });
  });
});

describe.each(DIALECTS)("the operator's e-mails about a KSeF certificate's end, on %s", (dialect) => {
  let db: AppDatabase;
  afterEach(() => db?.destroy());

  it("go 30 days and 7 days before, once each, for each certificate", async () => {
    db = await openDatabase(await migratedTarget(dialect));
    const certificates = {
      authentication: certificateEnding(`auth-${dialect}`),
      offline: certificateEnding(`offline-${dialect}`, "offline"),
    };
    const notified: Array<[string, number]> = [];
    const run = (now: Date) =>
      sendCertificateExpiryNotices(db, certificateExpiries(certificates, now), now, async (expiry: CertificateExpiry) => {
        notified.push([expiry.kind, expiry.daysLeft]);
      });

    expect(await run(days(31))).toBe(0);
    expect(await run(days(30))).toBe(2);
    expect(await run(days(29))).toBe(0);
    expect(await run(days(8))).toBe(0);
    expect(await run(days(7))).toBe(2);
    expect(await run(days(1))).toBe(0);
    expect(await run(days(-2))).toBe(0);
    expect(notified).toEqual([
      ["authentication", 30],
      ["offline", 30],
      ["authentication", 7],
      ["offline", 7],
    ]);
  });

  it("send only the nearer one to a site started within 7 days of the end, and try again after a failed send", async () => {
    db = await openDatabase(await migratedTarget(dialect));
    const authentication = certificateEnding(`late-${dialect}`);
    let failing = true;
    const sent: number[] = [];
    const run = (now: Date) =>
      sendCertificateExpiryNotices(db, certificateExpiries({ authentication, offline: null }, now), now, async (expiry) => {
        if (failing) throw new Error("SMTP down");
        sent.push(expiry.daysLeft);
      });
    await expect(run(days(5))).rejects.toThrow("SMTP down");
    failing = false;
    expect(await run(days(5))).toBe(1);
    expect(await run(days(4))).toBe(0);
    expect(sent).toEqual([5]);
  });
});

describe("the operator's e-mail", () => {
  it("says which certificate ends when, and what to do, in Polish", () => {
    const [expiry] = certificateExpiries({ authentication: certificateEnding("mail"), offline: null }, days(7));
    const mail = certificateExpiryMail(expiry!, "https://adres.example");
    expect(mail.subject).toBe("Certyfikat KSeF do logowania (typ 1, uwierzytelnianie) wygasa 2027-03-31");
    expect(mail.text).toContain("jest ważny do 2027-03-31 (zostało dni: 7)");
    expect(mail.text).toContain("KSEF_CERT_FILE i KSEF_KEY_FILE");
    expect(mail.text).not.toMatch(/PRIVATE KEY/);
  });
});
