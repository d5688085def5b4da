import { createPrivateKey, X509Certificate, type KeyObject } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { signatureAlgorithmOf, type SubjectIdentifierType } from "./xades.server";

/**
 * The KSeF certificates the site holds (docs/decisions/056): type 1 ("Authentication") signs the
 * sign-in, type 2 ("Offline") signs KOD II of an invoice issued offline. Each is a certificate and
 * its private key in two files (PEM, or the certificate in DER), the key optionally encrypted.
 * They are read once at start and checked; a problem is one sentence that names the setting and
 * never quotes the key or its password.
 */
export type KsefCertificate = {
  certificate: X509Certificate;
  /** Held in memory only; never logged, stored or sent anywhere but into a signature. */
  privateKey: KeyObject;
  /** The certificate's serial number in upper-case hexadecimal, as KOD II names it. */
  serialHex: string;
  /** The end of its validity. */
  validTo: Date;
};

/** Which settings hold one certificate, for the messages. */
export type CertificateSettingNames = { cert: string; key: string; password: string };

export const AUTHENTICATION_SETTINGS: CertificateSettingNames = {
  cert: "KSEF_CERT_FILE",
  key: "KSEF_KEY_FILE",
  password: "KSEF_KEY_PASSWORD",
};
export const OFFLINE_SETTINGS: CertificateSettingNames = {
  cert: "KSEF_OFFLINE_CERT_FILE",
  key: "KSEF_OFFLINE_KEY_FILE",
  password: "KSEF_OFFLINE_KEY_PASSWORD",
};

export type CertificateProblem = { setting: string; message: string };

/**
 * The Ministry withdraws KSeF tokens at the end of 2026: from midnight of 1 January 2027 in Warsaw
 * (23:00 UTC the day before) only certificates and signatures sign in. A token alone is then
 * refused at start, and a token beside a certificate is no longer tried.
 */
export const TOKENS_WITHDRAWN_AT = new Date("2026-12-31T23:00:00Z");

/** The identifiers KSeF reads in a certificate's subject ("Podpis XAdES": serialNumber TINPL/NIP or PESEL/PNOPL, organizationIdentifier VATPL). */
export function identifiersOfSubject(subject: string): { nips: string[]; pesel: string | null } {
  const values = (type: string) =>
    subject
      .split("\n")
      .flatMap((rdn) => rdn.split(" + "))
      .filter((pair) => pair.startsWith(`${type}=`))
      .map((pair) => pair.slice(type.length + 1));
  const nips = [
    ...values("serialNumber").flatMap((value) => /(?:TINPL|NIP).*?(\d{10})/.exec(value)?.[1] ?? []),
    ...values("organizationIdentifier").flatMap((value) => /VATPL.*?(\d{10})/.exec(value)?.[1] ?? []),
  ];
  const pesel = values("serialNumber").flatMap((value) => /(?:PNOPL|PESEL).*?(\d{11})/.exec(value)?.[1] ?? [])[0] ?? null;
  return { nips, pesel };
}

function readFile(setting: string, path: string): Buffer | CertificateProblem {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
    return { setting, message: `cannot read ${path} (${code})` };
  }
}

function privateKeyOf(bytes: Buffer, password: string | undefined, names: CertificateSettingNames): KeyObject | CertificateProblem {
  const passphrase = password ?? "";
  const attempts: Array<() => KeyObject> = [
    () => createPrivateKey({ key: bytes, format: "pem", passphrase }),
    () => createPrivateKey({ key: bytes, format: "der", type: "pkcs8", passphrase }),
  ];
  let encrypted = false;
  for (const attempt of attempts) {
    try {
      return attempt();
    } catch (error) {
      // Only the error's code is looked at: its text is OpenSSL's, and nothing of it is repeated.
      const code = (error as { code?: string }).code ?? "";
      if (code === "ERR_MISSING_PASSPHRASE" || /BAD_DECRYPT|DECRYPT/i.test(code)) encrypted = true;
    }
  }
  if (encrypted)
    return password
      ? { setting: names.password, message: `does not open the encrypted key in ${names.key}` }
      : { setting: names.password, message: `must be set: the key in ${names.key} is encrypted` };
  return { setting: names.key, message: "is not a private key in PEM (-----BEGIN PRIVATE KEY-----) or DER (PKCS#8)" };
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Reads and checks one certificate: readable, not expired, its key the certificate's own and of a
 * kind KSeF takes (RSA 2048+ or EC P-256), and, unless it is identified by its fingerprint, a
 * subject that is the seller (its NIP) or a person (a PESEL) KSeF can check the permissions of.
 * Answers the certificate, or the problems; `warnings` (a key others can read) do not stop the start.
 */
export function readKsefCertificate(input: {
  certFile: string;
  keyFile: string;
  password: string | undefined;
  names: CertificateSettingNames;
  nip: string | undefined;
  subjectIdentifierType: SubjectIdentifierType;
  now: Date;
}): { certificate: KsefCertificate | null; problems: CertificateProblem[]; warnings: string[] } {
  const { names } = input;
  const fail = (problem: CertificateProblem) => ({ certificate: null, problems: [problem], warnings: [] });
  const certBytes = readFile(names.cert, input.certFile);
  if (!Buffer.isBuffer(certBytes)) return fail(certBytes);
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(certBytes);
  } catch {
    return fail({ setting: names.cert, message: `${input.certFile} is not an X.509 certificate in PEM or DER` });
  }
  const keyBytes = readFile(names.key, input.keyFile);
  if (!Buffer.isBuffer(keyBytes)) return fail(keyBytes);
  const privateKey = privateKeyOf(keyBytes, input.password, names);
  if ("setting" in privateKey) return fail(privateKey);

  const problems: CertificateProblem[] = [];
  if (!certificate.checkPrivateKey(privateKey))
    problems.push({ setting: names.key, message: `is not the key of the certificate in ${names.cert}` });
  try {
    signatureAlgorithmOf(privateKey);
  } catch (error) {
    problems.push({ setting: names.key, message: (error as Error).message });
  }
  const validTo = certificate.validToDate;
  if (validTo.getTime() <= input.now.getTime())
    problems.push({ setting: names.cert, message: `the certificate expired on ${day(validTo)}; ask KSeF for a new one` });
  else if (certificate.validFromDate.getTime() > input.now.getTime())
    problems.push({ setting: names.cert, message: `the certificate is valid only from ${day(certificate.validFromDate)}` });
  if (input.subjectIdentifierType === "certificateSubject") {
    const { nips, pesel } = identifiersOfSubject(certificate.subject);
    const otherNip = nips.find((nip) => nip !== input.nip);
    if (input.nip && !nips.includes(input.nip) && (otherNip || !pesel))
      problems.push({
        setting: names.cert,
        message: otherNip
          ? `the certificate is of NIP ${otherNip}, not of KSEF_NIP ${input.nip}`
          : `the certificate's subject carries neither the NIP ${input.nip} (organizationIdentifier VATPL-… or serialNumber TINPL-…) nor a PESEL; for a certificate KSeF knows by its fingerprint set KSEF_SUBJECT=certificateFingerprint`,
      });
  }

  const warnings: string[] = [];
  try {
    const mode = statSync(input.keyFile).mode & 0o777;
    if (mode & 0o077)
      warnings.push(
        `${names.key}: ${input.keyFile} can be read by others (mode ${mode.toString(8).padStart(3, "0")}); make it the site's user's alone: chmod 600`,
      );
  } catch {
    // It was read a moment ago; a file gone since is the next start's problem.
  }
  if (problems.length > 0) return { certificate: null, problems, warnings };
  return {
    certificate: { certificate, privateKey, serialHex: certificate.serialNumber.toUpperCase(), validTo },
    problems,
    warnings,
  };
}
