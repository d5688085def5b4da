import { execFileSync } from "node:child_process";
import { createPrivateKey, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeKsefCertificate } from "../../tests/support/test-certificates.mjs";
import { rfc4514Name, signedAuthTokenRequest } from "./xades.server";

const dir = mkdtempSync(join(tmpdir(), "xades-"));
const NIP = "5265877635";

function signed(keyType: "rsa" | "ec", challenge = "20261129-CR-20F5EE4000-DA48AE4124-46") {
  const files = writeKsefCertificate({ dir, file: `auth-${keyType}`, nip: NIP, keyType });
  const xml = signedAuthTokenRequest({
    challenge,
    nip: NIP,
    subjectIdentifierType: "certificateSubject",
    certificate: new X509Certificate(readFileSync(files.certFile)),
    privateKey: createPrivateKey(readFileSync(files.keyFile)),
    signingTime: new Date("2026-11-29T10:15:30.123Z"),
  });
  return { xml, certFile: files.certFile };
}

/** Debian's xmlsec1, an implementation of XML-DSig that shares nothing with ours: true when it verifies the signature. */
function xmlsecVerifies(xml: string, certFile: string): boolean {
  const file = join(dir, `request-${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml);
  try {
    execFileSync(
      "xmlsec1",
      ["--verify", "--pubkey-cert-pem", certFile, "--id-attr:Id", "http://uri.etsi.org/01903/v1.3.2#:SignedProperties", file],
      { stdio: "pipe" },
    );
    return true;
  } catch {
    return false;
  }
}

describe("the signed AuthTokenRequest", () => {
  it.each(["rsa", "ec"] as const)("verifies with xmlsec1, both references included, for an %s key", (keyType) => {
    const { xml, certFile } = signed(keyType);
    expect(xmlsecVerifies(xml, certFile)).toBe(true);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<AuthTokenRequest xmlns="http:\/\/ksef.mf.gov.pl\/auth\/token\/2.0">/);
    expect(xml).toContain(
      "<Challenge>20261129-CR-20F5EE4000-DA48AE4124-46</Challenge><ContextIdentifier><Nip>5265877635</Nip></ContextIdentifier><SubjectIdentifierType>certificateSubject</SubjectIdentifierType>",
    );
    expect(xml).toContain(
      '<ds:Reference URI=""><ds:Transforms><ds:Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature">',
    );
    expect(xml).toContain('<ds:Reference Type="http://uri.etsi.org/01903#SignedProperties" URI="#SignedProperties">');
    expect(xml).toContain("<xades:SigningTime>2026-11-29T10:15:30Z</xades:SigningTime>");
    expect(xml).toContain(
      keyType === "rsa" ? "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256" : "http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256",
    );
  });

  it("writes an ECDSA signature as r || s, 64 bytes, as XML-DSig asks, not DER", () => {
    const { xml } = signed("ec");
    const value = /<ds:SignatureValue>([^<]+)</.exec(xml)?.[1] ?? "";
    expect(Buffer.from(value, "base64")).toHaveLength(64);
  });

  it.each([
    ["another NIP", (xml: string) => xml.replace("<Nip>5265877635</Nip>", "<Nip>7791011327</Nip>")],
    ["another challenge", (xml: string) => xml.replace("DA48AE4124", "DA48AE4125")],
    ["another signing time", (xml: string) => xml.replace("2026-11-29T10:15:30Z", "2026-11-28T10:15:30Z")],
    ["another subject type", (xml: string) => xml.replace(">certificateSubject<", ">certificateFingerprint<")],
  ])("fails xmlsec1's verification once changed: %s", (_name, tamper) => {
    const { xml, certFile } = signed("rsa");
    expect(xmlsecVerifies(tamper(xml), certFile)).toBe(false);
  });

  it("escapes what it writes as canonical XML does", () => {
    const { xml, certFile } = signed("rsa", "a&b<c>");
    expect(xml).toContain("<Challenge>a&amp;b&lt;c&gt;</Challenge>");
    expect(xmlsecVerifies(xml, certFile)).toBe(true);
  });
});

describe("rfc4514Name", () => {
  it("turns node's one-RDN-a-line name into RFC 4514's, last RDN first, unknown types by OID", () => {
    expect(
      rfc4514Name("C=PL\nO=Adres sp. z o.o.\nCN=Adres\\, test + serialNumber=TINPL-5265877635\norganizationIdentifier=VATPL-5265877635"),
    ).toBe("2.5.4.97=VATPL-5265877635,CN=Adres\\, test+2.5.4.5=TINPL-5265877635,O=Adres sp. z o.o.,C=PL");
  });
});
