// Self-signed X.509 certificates made with node:crypto alone, at test time, for the KSeF stand-in's own key, for
// the tests' KSeF certificates (type 1 "Authentication", type 2 "Offline"; RSA or EC P-256; current or expired) and
// for `npm run dev:ksef`. Nothing here is a secret: every key is made on the spot and thrown away with its folder.
// A certificate is written in DER by hand (X.509 v3, RFC 5280): openssl 3.0 cannot date one in the past.
import { generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

function derLength(length) {
  if (length < 128) return Buffer.from([length]);
  const bytes = [];
  for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const der = (tag, content) => Buffer.concat([Buffer.from([tag]), derLength(content.length), content]);
const sequence = (...parts) => der(0x30, Buffer.concat(parts));
const set = (...parts) => der(0x31, Buffer.concat(parts));

function oid(dotted) {
  const [first, second, ...rest] = dotted.split(".").map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let value = arc >> 7; value > 0; value >>= 7) chunk.unshift((value & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}

/** UTCTime until 2049, GeneralizedTime after, as RFC 5280 asks. */
function time(date) {
  const digits = date.toISOString().replace(/[-:T]/g, "").slice(0, 14);
  return date.getUTCFullYear() < 2050 ? der(0x17, Buffer.from(`${digits.slice(2)}Z`)) : der(0x18, Buffer.from(`${digits}Z`));
}

/** The attributes a KSeF certificate's subject may carry ("Certyfikaty KSeF"), by name. */
const ATTRIBUTES = {
  CN: "2.5.4.3",
  surname: "2.5.4.4",
  serialNumber: "2.5.4.5",
  C: "2.5.4.6",
  O: "2.5.4.10",
  givenName: "2.5.4.42",
  organizationIdentifier: "2.5.4.97",
};
const PRINTABLE = new Set(["C", "serialNumber"]);

/** [["C", "PL"], ["O", "…"], …] as a Name, one attribute per RDN, in the order given. */
function name(attributes) {
  return sequence(
    ...attributes.map(([type, value]) =>
      set(sequence(oid(ATTRIBUTES[type] ?? type), der(PRINTABLE.has(type) ? 0x13 : 0x0c, Buffer.from(value, "utf8")))),
    ),
  );
}

/** keyUsage (critical): digitalSignature for authentication, nonRepudiation for offline invoices, as KSeF issues them. */
function keyUsage(usage) {
  const bits = usage === "offline" ? Buffer.from([0x03, 0x02, 0x06, 0x40]) : Buffer.from([0x03, 0x02, 0x07, 0x80]);
  return der(0xa3, sequence(sequence(oid("2.5.29.15"), Buffer.from([0x01, 0x01, 0xff]), der(0x04, bits))));
}

/**
 * A self-signed certificate of `keyPair` in DER.
 * @param {{ subject: Array<[string, string]>, keyPair: { publicKey: import("node:crypto").KeyObject, privateKey: import("node:crypto").KeyObject },
 *   notBefore?: Date, notAfter?: Date, serial?: Buffer, usage?: "authentication" | "offline" | null }} options
 */
export function selfSignedCertificate({ subject, keyPair, notBefore, notAfter, serial, usage = null }) {
  const ec = keyPair.privateKey.asymmetricKeyType === "ec";
  const algorithm = ec ? sequence(oid("1.2.840.10045.4.3.2")) : sequence(oid("1.2.840.113549.1.1.11"), Buffer.from([0x05, 0x00]));
  const from = notBefore ?? new Date(Date.now() - 86_400_000);
  const to = notAfter ?? new Date(Date.now() + 365 * 86_400_000);
  // A positive serial: its first byte below 0x80.
  const serialBytes = serial ?? Buffer.concat([Buffer.from([0x01]), randomBytes(7)]);
  const tbs = sequence(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, serialBytes),
    algorithm,
    name(subject),
    sequence(time(from), time(to)),
    name(subject),
    keyPair.publicKey.export({ type: "spki", format: "der" }),
    ...(usage ? [keyUsage(usage)] : []),
  );
  const signature = sign("sha256", tbs, keyPair.privateKey);
  return sequence(tbs, algorithm, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
}

export const pem = (label, derBytes) =>
  `-----BEGIN ${label}-----\n${derBytes
    .toString("base64")
    .match(/.{1,64}/g)
    .join("\n")}\n-----END ${label}-----\n`;

/**
 * A KSeF certificate as the taxpayer's application hands it out, written to `dir` as `{file}.crt` and `{file}.key`
 * (PEM; the key readable by its owner alone, encrypted when a password is given). Type 1 ("authentication") or
 * type 2 ("offline"); the seller's NIP in organizationIdentifier (VATPL-…), as a company seal carries it.
 * @param {{ dir: string, file: string, nip: string, usage?: "authentication" | "offline", keyType?: "rsa" | "ec",
 *   notBefore?: Date, notAfter?: Date, password?: string, subject?: Array<[string, string]> }} options
 * @returns {{ certFile: string, keyFile: string, certificatePem: string, serialHex: string }}
 */
export function writeKsefCertificate({
  dir,
  file,
  nip,
  usage = "authentication",
  keyType = "rsa",
  notBefore,
  notAfter,
  password,
  subject,
}) {
  mkdirSync(dir, { recursive: true });
  const keyPair =
    keyType === "ec" ? generateKeyPairSync("ec", { namedCurve: "prime256v1" }) : generateKeyPairSync("rsa", { modulusLength: 2048 });
  const serial = Buffer.concat([Buffer.from([0x01]), randomBytes(7)]);
  const certificate = selfSignedCertificate({
    subject: subject ?? [
      ["C", "PL"],
      ["O", "Adres do eksmisji sp. z o.o."],
      ["organizationIdentifier", `VATPL-${nip}`],
      ["CN", usage === "offline" ? "Adres do eksmisji offline" : "Adres do eksmisji"],
    ],
    keyPair,
    notBefore,
    notAfter,
    serial,
    usage,
  });
  const certFile = join(dir, `${file}.crt`);
  const keyFile = join(dir, `${file}.key`);
  const certificatePem = pem("CERTIFICATE", certificate);
  writeFileSync(certFile, certificatePem);
  writeFileSync(
    keyFile,
    keyPair.privateKey.export(
      password ? { type: "pkcs8", format: "pem", cipher: "aes-256-cbc", passphrase: password } : { type: "pkcs8", format: "pem" },
    ),
    { mode: 0o600 },
  );
  chmodSync(keyFile, 0o600);
  return { certFile, keyFile, certificatePem, serialHex: serial.toString("hex").toUpperCase() };
}
