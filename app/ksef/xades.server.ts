import { createHash, sign, type KeyObject, type X509Certificate } from "node:crypto";

/**
 * The signed sign-in document of KSeF (docs/decisions/056): an `AuthTokenRequest` (the Ministry's
 * schema auth v2.0, namespace http://ksef.mf.gov.pl/auth/token/2.0) with an enveloped XAdES-BES
 * signature, as "Uwierzytelnianie" and "Podpis XAdES" describe it:
 * - two references, both digested with SHA-256 after exclusive canonicalisation: the whole
 *   document without the signature (URI="" with the enveloped-signature transform), and the
 *   `SignedProperties` (SigningTime, SigningCertificate with the certificate's SHA-256 and issuer);
 * - SignedInfo signed with RSA-SHA256 (RSASSA-PKCS1-v1_5) for an RSA key, or ECDSA-SHA256 for an
 *   EC P-256 key, whose value is r || s (32 bytes each) as XML-DSig 1.1 prescribes, not DER;
 * - the certificate in KeyInfo.
 *
 * We write the whole document ourselves, with no whitespace between elements, so its exclusive
 * canonical form (W3C xml-exc-c14n) is known without a general canonicaliser: the same text, with
 * empty elements written as start and end tags and each fragment carrying the namespaces it uses.
 * Every value is escaped as canonical XML escapes it. xmlsec1 verifies the result in the tests.
 */

export const AUTH_TOKEN_REQUEST_NS = "http://ksef.mf.gov.pl/auth/token/2.0";
const DS = "http://www.w3.org/2000/09/xmldsig#";
const XADES = "http://uri.etsi.org/01903/v1.3.2#";
const EXC_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#";
const ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
const SHA256 = "http://www.w3.org/2001/04/xmlenc#sha256";
const RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
const ECDSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256";
const SIGNED_PROPERTIES_TYPE = "http://uri.etsi.org/01903#SignedProperties";

export type SubjectIdentifierType = "certificateSubject" | "certificateFingerprint";

/** Text as canonical XML writes it. */
function text(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\r/g, "&#xD;");
}

/** An attribute's value as canonical XML writes it. */
function attribute(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/"/g, "&quot;")
    .replace(/\t/g, "&#x9;")
    .replace(/\n/g, "&#xA;")
    .replace(/\r/g, "&#xD;");
}

/**
 * One element in canonical form. `attributes` come in canonical order: namespace declarations
 * first, then attributes without a namespace by name (the only kinds this document has).
 */
function element(name: string, attributes: Array<[string, string]>, content = ""): string {
  const written = attributes.map(([key, value]) => ` ${key}="${attribute(value)}"`).join("");
  return `<${name}${written}>${content}</${name}>`;
}

const sha256Base64 = (data: string | Buffer) => createHash("sha256").update(data).digest("base64");

/** The `ds:` element with its namespace declared, as exclusive canonicalisation writes it when no ancestor in the fragment declares it. */
const dsOwn = (name: string, attributes: Array<[string, string]>, content = "") =>
  element(`ds:${name}`, [["xmlns:ds", DS], ...attributes], content);

/** RFC 4514's keywords; other attribute types are written by their OID. */
const RFC4514_KEYWORDS = new Set(["CN", "L", "ST", "O", "OU", "C", "STREET", "DC", "UID"]);
const ATTRIBUTE_OIDS: Record<string, string> = {
  serialNumber: "2.5.4.5",
  organizationIdentifier: "2.5.4.97",
  givenName: "2.5.4.42",
  surname: "2.5.4.4",
  GN: "2.5.4.42",
  SN: "2.5.4.4",
  uniqueIdentifier: "2.5.4.45",
  title: "2.5.4.12",
  emailAddress: "1.2.840.113549.1.9.1",
};

/**
 * A distinguished name as node:crypto prints it (one RDN a line, first to last, multi-valued ones
 * joined by " + ", special characters already escaped) in RFC 4514's order and form: last RDN first.
 */
export function rfc4514Name(printed: string): string {
  return printed
    .split("\n")
    .filter(Boolean)
    .reverse()
    .map((rdn) =>
      rdn
        .split(" + ")
        .map((pair) => {
          const at = pair.indexOf("=");
          const type = pair.slice(0, at);
          const keyword = RFC4514_KEYWORDS.has(type) ? type : (ATTRIBUTE_OIDS[type] ?? type);
          return `${keyword}=${pair.slice(at + 1)}`;
        })
        .join("+"),
    )
    .join(",");
}

/** The signature algorithm of a key KSeF accepts: RSA (2048 bits or more) or EC P-256. */
export function signatureAlgorithmOf(key: KeyObject): "rsa-sha256" | "ecdsa-sha256" {
  const type = key.asymmetricKeyType;
  if (type === "rsa" && (key.asymmetricKeyDetails?.modulusLength ?? 0) >= 2048) return "rsa-sha256";
  if (type === "ec" && key.asymmetricKeyDetails?.namedCurve === "prime256v1") return "ecdsa-sha256";
  throw new Error("KSeF takes an RSA key of 2048 bits or more, or an EC key on the P-256 curve");
}

export type AuthTokenRequestInput = {
  challenge: string;
  /** The context: the seller's NIP. */
  nip: string;
  subjectIdentifierType: SubjectIdentifierType;
  certificate: X509Certificate;
  privateKey: KeyObject;
  signingTime: Date;
};

/** The `AuthTokenRequest` of one sign-in, signed: what `POST /auth/xades-signature` takes as application/xml. */
export function signedAuthTokenRequest(input: AuthTokenRequestInput): string {
  const algorithm = signatureAlgorithmOf(input.privateKey);
  const body =
    element("Challenge", [], text(input.challenge)) +
    element("ContextIdentifier", [], element("Nip", [], text(input.nip))) +
    element("SubjectIdentifierType", [], text(input.subjectIdentifierType));
  // The document without its signature, as the enveloped-signature transform and exclusive canonicalisation leave it.
  const unsigned = element("AuthTokenRequest", [["xmlns", AUTH_TOKEN_REQUEST_NS]], body);

  const signatureId = "Signature";
  const propertiesId = "SignedProperties";
  const certificateDigest = sha256Base64(input.certificate.raw);
  const issuer = rfc4514Name(input.certificate.issuer);
  const serial = BigInt(`0x${input.certificate.serialNumber}`).toString(10);
  const signingTime = `${input.signingTime.toISOString().slice(0, 19)}Z`;
  /** SignedProperties' content; `ds` names the way its ds: elements are written (in the fragment, or in the document). */
  const propertiesContent = (ds: (name: string, attributes: Array<[string, string]>, content?: string) => string) =>
    element(
      "xades:SignedSignatureProperties",
      [],
      element("xades:SigningTime", [], signingTime) +
        element(
          "xades:SigningCertificate",
          [],
          element(
            "xades:Cert",
            [],
            element("xades:CertDigest", [], ds("DigestMethod", [["Algorithm", SHA256]]) + ds("DigestValue", [], certificateDigest)) +
              element("xades:IssuerSerial", [], ds("X509IssuerName", [], text(issuer)) + ds("X509SerialNumber", [], serial)),
          ),
        ),
    );
  const signedPropertiesCanonical = element(
    "xades:SignedProperties",
    [
      ["xmlns:xades", XADES],
      ["Id", propertiesId],
    ],
    propertiesContent(dsOwn),
  );

  const dsIn = (name: string, attributes: Array<[string, string]>, content = "") => element(`ds:${name}`, attributes, content);
  const reference = (attributes: Array<[string, string]>, transforms: string[], digest: string) =>
    dsIn(
      "Reference",
      attributes,
      dsIn("Transforms", [], transforms.map((algorithm) => dsIn("Transform", [["Algorithm", algorithm]])).join("")) +
        dsIn("DigestMethod", [["Algorithm", SHA256]]) +
        dsIn("DigestValue", [], digest),
    );
  const signedInfoContent =
    dsIn("CanonicalizationMethod", [["Algorithm", EXC_C14N]]) +
    dsIn("SignatureMethod", [["Algorithm", algorithm === "rsa-sha256" ? RSA_SHA256 : ECDSA_SHA256]]) +
    reference([["URI", ""]], [ENVELOPED, EXC_C14N], sha256Base64(unsigned)) +
    reference(
      [
        ["Type", SIGNED_PROPERTIES_TYPE],
        ["URI", `#${propertiesId}`],
      ],
      [EXC_C14N],
      sha256Base64(signedPropertiesCanonical),
    );
  const signedInfoCanonical = element("ds:SignedInfo", [["xmlns:ds", DS]], signedInfoContent);
  const signatureValue = sign(
    "sha256",
    Buffer.from(signedInfoCanonical, "utf8"),
    algorithm === "rsa-sha256" ? input.privateKey : { key: input.privateKey, dsaEncoding: "ieee-p1363" },
  ).toString("base64");

  const signature = element(
    "ds:Signature",
    [
      ["xmlns:ds", DS],
      ["Id", signatureId],
    ],
    dsIn("SignedInfo", [], signedInfoContent) +
      dsIn("SignatureValue", [], signatureValue) +
      dsIn("KeyInfo", [], dsIn("X509Data", [], dsIn("X509Certificate", [], input.certificate.raw.toString("base64")))) +
      dsIn(
        "Object",
        [],
        element(
          "xades:QualifyingProperties",
          [
            ["xmlns:xades", XADES],
            ["Target", `#${signatureId}`],
          ],
          element("xades:SignedProperties", [["Id", propertiesId]], propertiesContent(dsIn)),
        ),
      ),
  );
  return `<?xml version="1.0" encoding="utf-8"?>\n${element("AuthTokenRequest", [["xmlns", AUTH_TOKEN_REQUEST_NS]], body + signature)}`;
}
