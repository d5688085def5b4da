import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { env } from "~/config/env.server";

/**
 * What OPERATOR_SECRET_KEY protects (docs/decisions/044): the operators' authenticator secrets,
 * sealed with AES-256-GCM, and their recovery codes, stored as HMAC-SHA256. Each use has its own
 * key, derived from the setting with HKDF-SHA256, so the setting itself never keys anything and
 * one derived key says nothing about the other. A copy of the database alone therefore gives
 * away neither a secret nor a code.
 */
export type OperatorKeys = {
  /** The secret sealed for one operator: the e-mail is authenticated with it, so a sealed secret moved to another row no longer opens. */
  seal(secret: string, operatorEmail: string): string;
  /** The secret, or null when the box was sealed under another key, for another operator, or changed. */
  open(sealed: string, operatorEmail: string): string | null;
  /** A recovery code's stored form; the code is compared without case, spaces or hyphens. */
  recoveryCodeHash(code: string): string;
};

const FORMAT = "v1";
const IV_BYTES = 12;
// HKDF's salt need not be secret (RFC 5869 §3.1); a fixed one separates this application's keys from any other use of the setting.
const SALT = "adres-do-eksmisji operator keys";

export function normaliseRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, "");
}

export function operatorKeys(setting: string): OperatorKeys {
  const derive = (purpose: string) => Buffer.from(hkdfSync("sha256", setting, SALT, purpose, 32));
  const sealingKey = derive("totp secret v1");
  const codeKey = derive("recovery code v1");
  return {
    seal(secret, operatorEmail) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", sealingKey, iv);
      cipher.setAAD(Buffer.from(operatorEmail));
      const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
      return [FORMAT, iv, sealed, cipher.getAuthTag()]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    open(sealed, operatorEmail) {
      const [format, iv, data, tag] = sealed.split(".");
      if (format !== FORMAT || !iv || !data || !tag) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", sealingKey, Buffer.from(iv, "base64url"));
        decipher.setAAD(Buffer.from(operatorEmail));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
    recoveryCodeHash(code) {
      return createHmac("sha256", codeKey).update(normaliseRecoveryCode(code)).digest("base64url");
    },
  };
}

let configured: OperatorKeys | null | undefined;
/** The keys from OPERATOR_SECRET_KEY, or null when it is not set (then nobody can sign in or be enrolled). */
export function configuredOperatorKeys(): OperatorKeys | null {
  if (configured === undefined) configured = env.OPERATOR_SECRET_KEY ? operatorKeys(env.OPERATOR_SECRET_KEY) : null;
  return configured;
}
