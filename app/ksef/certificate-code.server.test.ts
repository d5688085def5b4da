import { execFileSync } from "node:child_process";
import { constants, createPrivateKey, verify, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeKsefCertificate } from "../../tests/support/test-certificates.mjs";
import { certificateVerificationUrl } from "./certificate-code.server";

const dir = mkdtempSync(join(tmpdir(), "kod-ii-"));
const HASH = Buffer.from("UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE", "base64url").toString("base64");

function kodII(keyType: "rsa" | "ec") {
  const files = writeKsefCertificate({ dir, file: `offline-${keyType}`, nip: "1111111111", usage: "offline", keyType });
  const certificate = new X509Certificate(readFileSync(files.certFile));
  const url = certificateVerificationUrl({
    apiUrl: "https://api-test.ksef.mf.gov.pl/v2",
    contextNip: "1111111111",
    sellerNip: "1111111111",
    certificateSerial: files.serialHex,
    invoiceHash: HASH,
    privateKey: createPrivateKey(readFileSync(files.keyFile)),
  });
  const at = url.lastIndexOf("/");
  return { url, certificate, files, signed: url.slice("https://".length, at), signature: Buffer.from(url.slice(at + 1), "base64url") };
}

describe("KOD II, the certificate's link on an offline invoice", () => {
  it("has the form of the Ministry's example: context and seller NIP, the certificate's serial, the file's hash", () => {
    const { url, files } = kodII("rsa");
    expect(url).toMatch(
      new RegExp(
        `^https://qr-test\\.ksef\\.mf\\.gov\\.pl/certificate/Nip/1111111111/1111111111/${files.serialHex}/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE/[A-Za-z0-9_-]+$`,
      ),
    );
  });

  it("is signed with RSASSA-PSS (SHA-256, MGF1, 32-byte salt): openssl verifies it with the certificate's public key", () => {
    const { signed, signature, certificate } = kodII("rsa");
    expect(signed).toMatch(/^qr-test\.ksef\.mf\.gov\.pl\/certificate\/Nip\/.*\/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE$/);
    writeFileSync(join(dir, "signed.txt"), signed);
    writeFileSync(join(dir, "signature.bin"), signature);
    writeFileSync(join(dir, "public.pem"), certificate.publicKey.export({ type: "spki", format: "pem" }));
    const output = execFileSync(
      "openssl",
      [
        "dgst",
        "-sha256",
        "-sigopt",
        "rsa_padding_mode:pss",
        "-sigopt",
        "rsa_pss_saltlen:32",
        "-sigopt",
        "rsa_mgf1_md:sha256",
        "-verify",
        join(dir, "public.pem"),
        "-signature",
        join(dir, "signature.bin"),
        join(dir, "signed.txt"),
      ],
      { encoding: "utf8" },
    );
    expect(output.trim()).toBe("Verified OK");
    // A salt of another length does not verify: the 32 bytes are part of the scheme.
    expect(
      verify(
        "sha256",
        Buffer.from(signed),
        { key: certificate.publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 20 },
        signature,
      ),
    ).toBe(false);
  });

  it("is signed with ECDSA P-256 as r || s (64 bytes): it verifies with the certificate's public key", () => {
    const { signed, signature, certificate } = kodII("ec");
    expect(signature).toHaveLength(64);
    expect(verify("sha256", Buffer.from(signed), { key: certificate.publicKey, dsaEncoding: "ieee-p1363" }, signature)).toBe(true);
    expect(verify("sha256", Buffer.from(`${signed}x`), { key: certificate.publicKey, dsaEncoding: "ieee-p1363" }, signature)).toBe(false);
  });
});
