import { configurationWarnings, env, stopBoot, type Env } from "~/config/env.server";
import {
  AUTHENTICATION_SETTINGS,
  OFFLINE_SETTINGS,
  readKsefCertificate,
  TOKENS_WITHDRAWN_AT,
  type CertificateProblem,
  type KsefCertificate,
} from "./certificate.server";

/**
 * The KSeF certificates, read and checked at start (docs/decisions/056): a file that cannot be
 * used stops the boot with one line naming its setting. So does a KSeF token alone from
 * 1 January 2027, when the Ministry withdraws tokens.
 */
export const ksefCertificates: { authentication: KsefCertificate | null; offline: KsefCertificate | null } = readKsefCertificates(
  env,
  new Date(),
);

function readKsefCertificates(settings: Env, now: Date) {
  const problems: CertificateProblem[] = [];
  const read = (
    certFile: string | undefined,
    keyFile: string | undefined,
    password: string | undefined,
    names = AUTHENTICATION_SETTINGS,
  ) => {
    if (!certFile || !keyFile) return null;
    const result = readKsefCertificate({
      certFile,
      keyFile,
      password,
      names,
      nip: settings.KSEF_NIP,
      subjectIdentifierType: settings.KSEF_SUBJECT,
      now,
    });
    problems.push(...result.problems);
    configurationWarnings.push(...result.warnings);
    return result.certificate;
  };
  const authentication = read(settings.KSEF_CERT_FILE, settings.KSEF_KEY_FILE, settings.KSEF_KEY_PASSWORD);
  const offline = read(
    settings.KSEF_OFFLINE_CERT_FILE,
    settings.KSEF_OFFLINE_KEY_FILE,
    settings.KSEF_OFFLINE_KEY_PASSWORD,
    OFFLINE_SETTINGS,
  );
  if (settings.KSEF_TOKEN && !settings.KSEF_CERT_FILE) {
    if (now.getTime() >= TOKENS_WITHDRAWN_AT.getTime())
      problems.push({
        setting: "KSEF_TOKEN",
        message:
          "KSeF no longer takes tokens since 1 January 2027: set KSEF_CERT_FILE and KSEF_KEY_FILE to a type 1 KSeF certificate and its key (README, KSeF) and remove KSEF_TOKEN",
      });
    else
      configurationWarnings.push(
        "KSEF_TOKEN: KSeF takes tokens only until 31 December 2026; set KSEF_CERT_FILE and KSEF_KEY_FILE to a type 1 KSeF certificate before then (README, KSeF)",
      );
  } else if (settings.KSEF_TOKEN && now.getTime() >= TOKENS_WITHDRAWN_AT.getTime())
    configurationWarnings.push("KSEF_TOKEN: no longer tried since 1 January 2027, when KSeF withdrew tokens; remove it");
  if (problems.length > 0) stopBoot(problems);
  return { authentication, offline };
}
