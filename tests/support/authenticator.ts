import { createHmac } from "node:crypto";

/**
 * The tests' authenticator app: RFC 6238 codes (HMAC-SHA1, 6 digits, 30 s) from the secret in
 * the otpauth:// address the command line prints, written from RFC 4648, 4226 and 6238 with
 * Node's crypto. It shares no code with the site's verification (otplib), so a test that signs
 * in with its codes checks the site against the standard, as a phone would.
 */
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
export const PERIOD_SECONDS = 30;

export function base32Decode(text: string): Buffer {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const symbol of text.toUpperCase().replace(/=+$/, "")) {
    const index = BASE32.indexOf(symbol);
    if (index < 0) throw new Error(`not base32: ${symbol}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** HOTP (RFC 4226): the counter as 8 big-endian bytes, HMAC-SHA1, dynamic truncation. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, "0");
}

export function timeStepAt(epochMs: number): number {
  return Math.floor(epochMs / 1000 / PERIOD_SECONDS);
}

/** The code the app shows for a base32 secret at a time step. */
export function totpCode(secret: string, step: number): string {
  return hotp(base32Decode(secret), step);
}

/** The secret of an otpauth://totp/… address, as the app reads it from the QR code. */
export function secretOfUri(uri: string): string {
  const secret = new URL(uri).searchParams.get("secret");
  if (!secret) throw new Error(`no secret in ${uri}`);
  return secret;
}
