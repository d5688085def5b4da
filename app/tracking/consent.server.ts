import { createCookie } from "@remix-run/node";
import { env } from "~/config/env.server";
import { CONSENT_SETTINGS_PARAM, type ConsentChoice, type ConsentState } from "./consent";
import { PIXEL_COOKIES } from "./pixels";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The one cookie the site sets before any choice is made: none. This cookie is written
 * only when the visitor chooses, and it is first-party, HttpOnly (the browser code reads
 * the choice from the root loader, never from document.cookie) and Secure in production.
 */
export const consentCookie = createCookie("consent", {
  path: "/",
  maxAge: ONE_YEAR_SECONDS,
  sameSite: "lax",
  httpOnly: true,
  secure: env.NODE_ENV === "production",
});

const STORED: Record<ConsentChoice, Exclude<ConsentState, null>> = { accept: "accepted", reject: "rejected" };

export async function readConsent(request: Request): Promise<ConsentState> {
  try {
    const value: unknown = await consentCookie.parse(request.headers.get("Cookie"));
    return value === "accepted" || value === "rejected" ? value : null;
  } catch {
    // A tampered or foreign cookie value counts as "no choice yet".
    return null;
  }
}

export async function hasMarketingConsent(request: Request): Promise<boolean> {
  return (await readConsent(request)) === "accepted";
}

export function serializeConsent(choice: ConsentChoice): Promise<string> {
  return consentCookie.serialize(STORED[choice]);
}

/** The banner shows until the visitor chooses, and again when the footer's "cookie settings" link asks for it. */
export function shouldShowBanner(request: Request, consent: ConsentState): boolean {
  return consent === null || new URL(request.url).searchParams.has(CONSENT_SETTINGS_PARAM);
}

/**
 * Set-Cookie values that expire the pixels' own cookies after a Reject, so a change of
 * mind takes effect without JS too: host-only, and on the site's domain, where pixels put them.
 */
export function expiredPixelCookies(): string[] {
  const { hostname } = new URL(env.SITE_URL);
  const isIpAddress = /^[\d.]+$/.test(hostname) || hostname.includes(":");
  return PIXEL_COOKIES.flatMap((name) => [
    `${name}=; Max-Age=0; Path=/`,
    ...(isIpAddress || hostname === "localhost" ? [] : [`${name}=; Max-Age=0; Path=/; Domain=${hostname}`]),
  ]);
}
