import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "~/config/env.server";

/**
 * The one-time order token (docs/decisions/003). The preview issues it; accept spends it.
 * It is signed, not stored: nothing about the visitor is kept before they accept. Its
 * random part makes it unique, and the orders table keeps it UNIQUE, so a replay of the
 * same token finds the order it already made instead of making a second one.
 *
 * Format: `v1.<issued-at, unix seconds>.<128 random bits, base64url>.<HMAC-SHA256, base64url>`
 */
const VERSION = "v1";
/** A preview older than this must be generated again (the data-processing consent it carries is dated). */
export const TOKEN_MAX_AGE_SECONDS = 24 * 60 * 60;

const secret = env.ORDER_TOKEN_SECRET ?? randomBytes(32).toString("hex");

function sign(payload: string, key: string): string {
  return createHmac("sha256", key).update(payload).digest("base64url");
}

export function issueOrderToken(now: Date = new Date(), key: string = secret): string {
  const payload = `${VERSION}.${Math.floor(now.getTime() / 1000)}.${randomBytes(16).toString("base64url")}`;
  return `${payload}.${sign(payload, key)}`;
}

export type TokenCheck = { ok: true; issuedAt: Date; expired: boolean } | { ok: false };

/** Checks the signature and age. Expired tokens still identify an order already made with them. */
export function verifyOrderToken(token: unknown, now: Date = new Date(), key: string = secret): TokenCheck {
  if (typeof token !== "string" || token.length > 200) return { ok: false };
  const parts = token.split(".");
  if (parts.length !== 4 || parts[0] !== VERSION || !/^\d{1,12}$/.test(parts[1]!) || !/^[A-Za-z0-9_-]{22}$/.test(parts[2]!))
    return { ok: false };
  const expected = Buffer.from(sign(parts.slice(0, 3).join("."), key));
  const actual = Buffer.from(parts[3]!);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return { ok: false };
  const issuedAt = new Date(Number(parts[1]) * 1000);
  const age = (now.getTime() - issuedAt.getTime()) / 1000;
  if (age < -300) return { ok: false };
  return { ok: true, issuedAt, expired: age > TOKEN_MAX_AGE_SECONDS };
}
