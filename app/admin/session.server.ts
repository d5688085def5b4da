import { createCookie, redirect } from "@remix-run/node";
import { env } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { isSameOriginRequest } from "~/security/same-origin.server";
import { ADMIN_HOME, isBackOfficePath, LOGIN_PATH } from "~/components/admin/paths";
import { operatorForSession, SESSION_IDLE_MS } from "./sign-in.server";

/**
 * The operator's session cookie. It holds only a random id; the session itself lives in
 * admin_sessions (sign-in.server.ts), so signing out or an 8-hour pause ends it on the server.
 * Path /admin keeps it off every public request; SameSite=Strict keeps it off cross-site ones.
 * The cookie outlives the idle limit only by a little: the server's expiry is what counts.
 */
const sessionIdCookie = createCookie("adres_admin", {
  path: ADMIN_HOME,
  httpOnly: true,
  sameSite: "strict",
  secure: env.SITE_URL.startsWith("https:"),
  maxAge: Math.floor(SESSION_IDLE_MS / 1000),
});
/** 32 random bytes in base64url, as signIn issues them. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** Every back-office response: never cached, never indexed, never sent on as a referrer. */
export const ADMIN_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
} as const;

export function sessionCookie(sessionId: string): Promise<string> {
  return sessionIdCookie.serialize(sessionId);
}

export function clearedSessionCookie(): Promise<string> {
  return sessionIdCookie.serialize("", { maxAge: 0 });
}

export async function sessionIdOf(request: Request): Promise<string | null> {
  const value: unknown = await sessionIdCookie.parse(request.headers.get("Cookie")).catch(() => null);
  return typeof value === "string" && SESSION_ID.test(value) ? value : null;
}

/** Where a signed-out visitor is sent, remembering a back-office page to return to. */
export function loginRedirect(request: Request): Response {
  const { pathname, search } = new URL(request.url);
  const back = pathname === ADMIN_HOME && !search ? "" : `?next=${encodeURIComponent(pathname + search)}`;
  return redirect(`${LOGIN_PATH}${back}`, { headers: ADMIN_HEADERS });
}

/** Printable ASCII only: a Location header cannot carry CR, LF, NUL or other bytes (Node refuses them). */
const HEADER_SAFE_PATH = /^[\x21-\x7e]+$/;

/** Only back-office paths are followed after sign-in, so the login page cannot send anyone elsewhere. */
export function safeNextPath(next: string | null): string {
  if (!next || !HEADER_SAFE_PATH.test(next) || !isBackOfficePath(next.split(/[?#]/)[0]!) || next.startsWith(LOGIN_PATH)) return ADMIN_HOME;
  return next;
}

/**
 * The signed-in operator's e-mail, or a redirect to the login page (thrown). A POST must also
 * come from this site: the request screen already answers a cross-site POST with 403, and this
 * check keeps that true for the back office even if the screen is bypassed (the dev server).
 */
export async function requireOperator(request: Request, now = new Date()): Promise<string> {
  if (request.method !== "GET" && request.method !== "HEAD" && !isSameOriginRequest(request)) {
    throw new Response("Forbidden", { status: 403, headers: ADMIN_HEADERS });
  }
  const operator = await operatorForSession(getDb(), await sessionIdOf(request), now);
  if (!operator) throw loginRedirect(request);
  return operator;
}
