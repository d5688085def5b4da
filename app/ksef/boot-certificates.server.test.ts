import { chmodSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { writeKsefCertificate } from "../../tests/support/test-certificates.mjs";

/** The configuration and the KSeF certificates as the process would read them at boot with these variables set. */
async function bootWith(variables: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
  const { configurationWarnings } = await import("~/config/env.server");
  const { ksefCertificates } = await import("./boot-certificates.server");
  return { configurationWarnings, ksefCertificates };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("KSeF certificates (KSEF_CERT_FILE, KSEF_KEY_FILE, KSEF_OFFLINE_*)", () => {
  const dir = mkdtempSync(join(tmpdir(), "env-ksef-"));
  const NIP = "5265877635";
  const good = writeKsefCertificate({ dir, file: "good", nip: NIP });
  /** A boot with these variables alone of the KSeF ones (an earlier boot's stay stubbed otherwise). */
  const boot = (variables: Record<string, string>) => {
    vi.unstubAllEnvs();
    return bootWith(variables);
  };
  const withCertificate = (files: { certFile: string; keyFile: string }, more: Record<string, string> = {}) =>
    boot({ KSEF_NIP: NIP, KSEF_CERT_FILE: files.certFile, KSEF_KEY_FILE: files.keyFile, ...more });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads the certificate and its key at start, with the serial number KOD II names", async () => {
    const offline = writeKsefCertificate({ dir, file: "offline", nip: NIP, usage: "offline", keyType: "ec" });
    const { ksefCertificates, configurationWarnings } = await withCertificate(good, {
      KSEF_OFFLINE_CERT_FILE: offline.certFile,
      KSEF_OFFLINE_KEY_FILE: offline.keyFile,
    });
    expect(ksefCertificates.authentication?.serialHex).toBe(good.serialHex);
    expect(ksefCertificates.offline?.serialHex).toBe(offline.serialHex);
    expect(configurationWarnings).toEqual([]);
  });

  it("opens an encrypted key with KSEF_KEY_PASSWORD, and names the setting, never the password, when it does not", async () => {
    const locked = writeKsefCertificate({ dir, file: "locked", nip: NIP, password: "correct horse" });
    expect((await withCertificate(locked, { KSEF_KEY_PASSWORD: "correct horse" })).ksefCertificates.authentication).not.toBeNull();
    await expect(withCertificate(locked)).rejects.toThrow(/\n {2}KSEF_KEY_PASSWORD: must be set: the key in KSEF_KEY_FILE is encrypted$/);
    const wrong = await withCertificate(locked, { KSEF_KEY_PASSWORD: "battery staple" }).catch((error: Error) => error.message);
    expect(wrong).toMatch(/KSEF_KEY_PASSWORD: does not open the encrypted key in KSEF_KEY_FILE/);
    expect(wrong).not.toContain("battery");
  });

  it("stops the boot with one line naming the setting for a file that cannot serve", async () => {
    const other = writeKsefCertificate({ dir, file: "other", nip: NIP });
    const expired = writeKsefCertificate({
      dir,
      file: "expired",
      nip: NIP,
      notBefore: new Date("2024-01-01T00:00:00Z"),
      notAfter: new Date("2025-06-30T00:00:00Z"),
    });
    const foreign = writeKsefCertificate({ dir, file: "foreign", nip: "7791011327" });
    const cases: Array<[() => Promise<unknown>, RegExp]> = [
      [() => withCertificate({ ...good, certFile: join(dir, "missing.crt") }), /KSEF_CERT_FILE: cannot read .*missing\.crt \(ENOENT\)$/],
      [
        () => withCertificate({ ...good, certFile: good.keyFile }),
        /KSEF_CERT_FILE: .*good\.key is not an X\.509 certificate in PEM or DER$/,
      ],
      [() => withCertificate({ ...good, keyFile: good.certFile }), /KSEF_KEY_FILE: is not a private key in PEM/],
      [() => withCertificate({ ...good, keyFile: other.keyFile }), /KSEF_KEY_FILE: is not the key of the certificate in KSEF_CERT_FILE$/],
      [() => withCertificate(expired), /KSEF_CERT_FILE: the certificate expired on 2025-06-30; ask KSeF for a new one$/],
      [() => withCertificate(foreign), /KSEF_CERT_FILE: the certificate is of NIP 7791011327, not of KSEF_NIP 5265877635$/],
      [() => boot({ KSEF_NIP: NIP, KSEF_CERT_FILE: good.certFile }), /KSEF_CERT_FILE: KSEF_CERT_FILE and KSEF_KEY_FILE go together/],
      [
        () => boot({ KSEF_CERT_FILE: good.certFile, KSEF_KEY_FILE: good.keyFile }),
        /KSEF_NIP: KSEF_NIP and a way to sign in to KSeF go together/,
      ],
    ];
    for (const [start, message] of cases) {
      const text = await start().then(
        () => "booted",
        (error: Error) => error.message,
      );
      expect(text).toMatch(/^Invalid environment configuration:\n/);
      expect(text).toMatch(message);
      expect(text).not.toMatch(/\n\s+at /);
    }
  });

  it("takes a certificate without the NIP in its subject when KSeF knows it by its fingerprint", async () => {
    const bare = writeKsefCertificate({ dir, file: "bare", nip: NIP, subject: [["CN", "Jan Kowalski"]] });
    await expect(withCertificate(bare)).rejects.toThrow(/KSEF_CERT_FILE: the certificate's subject carries neither the NIP 5265877635/);
    const { ksefCertificates } = await withCertificate(bare, { KSEF_SUBJECT: "certificateFingerprint" });
    expect(ksefCertificates.authentication).not.toBeNull();
  });

  it("warns, without stopping, of a key file others can read", async () => {
    const open = writeKsefCertificate({ dir, file: "open", nip: NIP });
    chmodSync(open.keyFile, 0o644);
    const { configurationWarnings } = await withCertificate(open);
    expect(configurationWarnings).toEqual([
      `KSEF_KEY_FILE: ${open.keyFile} can be read by others (mode 644); make it the site's user's alone: chmod 600`,
    ]);
  });

  it("takes a KSeF token alone until 31 December 2026 with a warning, and refuses it from 1 January 2027", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-31T22:59:00Z"));
    const december = await boot({ KSEF_NIP: NIP, KSEF_TOKEN: "a-token" });
    expect(december.configurationWarnings).toEqual([
      "KSEF_TOKEN: KSeF takes tokens only until 31 December 2026; set KSEF_CERT_FILE and KSEF_KEY_FILE to a type 1 KSeF certificate before then (README, KSeF)",
    ]);
    vi.setSystemTime(new Date("2026-12-31T23:00:00Z"));
    await expect(boot({ KSEF_NIP: NIP, KSEF_TOKEN: "a-token" })).rejects.toThrow(
      /KSEF_TOKEN: KSeF no longer takes tokens since 1 January 2027: set KSEF_CERT_FILE and KSEF_KEY_FILE to a type 1 KSeF certificate and its key \(README, KSeF\) and remove KSEF_TOKEN/,
    );
    const withBoth = await withCertificate(good, { KSEF_TOKEN: "a-token" });
    expect(withBoth.ksefCertificates.authentication).not.toBeNull();
  });
});
