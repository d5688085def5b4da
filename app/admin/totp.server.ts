import { generateSecret, generateURI, verifySync } from "otplib";

/**
 * Time-based one-time passwords (RFC 6238) as every authenticator app makes them: HMAC-SHA1,
 * 6 digits, a new code every 30 seconds. otplib does the arithmetic (docs/decisions/044); this
 * module fixes the parameters and the drift allowed, and reports which time step a code was
 * for, so the caller can refuse that step and every older one from then on.
 */
export const TOTP_ISSUER = "Adres do eksmisji";
export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;
/** One step of drift either way: the code before and the code after the current one are accepted too. */
const DRIFT_SECONDS = TOTP_PERIOD_SECONDS;
const CODE = /^\d{6}$/;

/** 20 random bytes (160 bits, RFC 4226's recommendation) from a cryptographically secure generator, in base32. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The enrolment address an authenticator app reads from the QR code. */
export function totpUri(operatorEmail: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: operatorEmail, secret, digits: DIGITS, period: TOTP_PERIOD_SECONDS });
}

/** The RFC 6238 time step of an instant. */
export function timeStepOf(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The time step the code belongs to, when it is valid now (within one step either way) and
 * newer than `afterStep`, the last step accepted; null otherwise. A code of `afterStep` or
 * earlier has been used (or is older than one that was), so it is refused even inside its window.
 */
export function acceptedTimeStep(secret: string, code: string, afterStep: number | null, now: Date): number | null {
  if (!CODE.test(code)) return null;
  try {
    const result = verifySync({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: DRIFT_SECONDS,
      digits: DIGITS,
      period: TOTP_PERIOD_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    // delta: how many steps from the current one the code was for (-1, 0 or +1).
    return result.valid ? timeStepOf(now) + result.delta : null;
  } catch {
    // otplib throws when the last accepted step lies ahead of the clock (the clock was set back): nothing is accepted then.
    return null;
  }
}
