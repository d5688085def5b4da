import { createCipheriv, createHash, constants, publicEncrypt, randomBytes, X509Certificate, type KeyObject } from "node:crypto";

/**
 * The encryption KSeF 2.0 prescribes (its documentation: "Uwierzytelnianie" 2.2, "Sesja
 * interaktywna", "Weryfikacja faktury"):
 * - the KSeF token travels as `token|timestampMs`, and the invoices' AES key as its 32 bytes, each
 *   encrypted with RSAES-OAEP (SHA-256, MGF1 with SHA-256) under the Ministry's public key;
 * - an invoice travels encrypted with AES-256-CBC and PKCS#7 padding under that key and a 16-byte IV
 *   that the session's opening carries;
 * - files are identified by their SHA-256 in Base64 and their size in bytes, plain and encrypted.
 */

/** The public key of a certificate as KSeF publishes it: DER, in Base64, without PEM lines. */
export function publicKeyOfCertificate(derBase64: string): KeyObject {
  return new X509Certificate(Buffer.from(derBase64, "base64")).publicKey;
}

export function encryptRsaOaepSha256(publicKey: KeyObject, data: Buffer): Buffer {
  return publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, data);
}

/** What `/auth/ksef-token` takes as `encryptedToken`. */
export function encryptKsefToken(publicKey: KeyObject, token: string, challengeTimestampMs: number): string {
  return encryptRsaOaepSha256(publicKey, Buffer.from(`${token}|${challengeTimestampMs}`, "utf8")).toString("base64");
}

export type SessionKey = { key: Buffer; iv: Buffer };

/** A fresh AES-256 key and IV for every session: a key is never reused, so one leaked session exposes only its own invoices. */
export function newSessionKey(): SessionKey {
  return { key: randomBytes(32), iv: randomBytes(16) };
}

export function encryptAes256Cbc({ key, iv }: SessionKey, data: Buffer): Buffer {
  // Node's AES-CBC pads with PKCS#7 unless told not to.
  const cipher = createCipheriv("aes-256-cbc", key, iv);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

export function sha256Base64(data: Buffer | string): string {
  return createHash("sha256").update(data).digest("base64");
}

/** The hash and size of a file, as KSeF names them beside it. */
export function fileMetadata(data: Buffer): { hash: string; size: number } {
  return { hash: sha256Base64(data), size: data.length };
}
