import { redirect } from "@remix-run/node";
import { env } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { isSameOriginRequest } from "~/security/same-origin.server";
import { ADMIN_HOME, LOGIN_PATH } from "./paths";
import { operatorForSession, SESSION_IDLE_MS } from "./sign-in.server";

/**
 * The operator's session cookie. It holds only a random id; the session itself lives in
 * admin_sessions (sign-in.server.ts), so signing out or an 8-hour pause ends it on the server.
 * Path /admin keeps it off every public request; SameSite=Strict keeps it off cross-site ones.
 */
const COOKIE_NAME = "adres_admin";

/** Every back-office response: never cached, never indexed, never sent on as a referrer. */
export const ADMIN_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
} as const;

function cookieAttributes(): string {
  const secure = env.SITE_URL.startsWith("https:") ? "; Secure" : "";
  return `Path=/admin; HttpOnly; SameSite=Strict${secure}`;
}

export function sessionCookie(sessionId: string): string {
  // The cookie outlives the idle limit only by a little: the server's expiry is what counts.
  return `${COOKIE_NAME}=${sessionId}; Max-Age=${Math.floor(SESSION_IDLE_MS / 1000)}; ${cookieAttributes()}`;
}

export function clearedSessionCookie(): string {
  return `${COOKIE_NAME}=; Max-Age=0; ${cookieAttributes()}`;
}

export function sessionIdOf(request: Request): string | null {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === COOKIE_NAME) return rest.join("=") || null;
  }
  return null;
}

/** Where a signed-out visitor is sent, remembering a back-office page to return to. */
export function loginRedirect(request: Request): Response {
  const { pathname, search } = new URL(request.url);
  const back = pathname === ADMIN_HOME && !search ? "" : `?next=${encodeURIComponent(pathname + search)}`;
  return redirect(`${LOGIN_PATH}${back}`, { headers: ADMIN_HEADERS });
}

/** Only back-office paths are followed after sign-in, so the login page cannot send anyone elsewhere. */
export function safeNextPath(next: string | null): string {
  if (!next || !next.startsWith("/admin") || next.startsWith("//") || next.startsWith(LOGIN_PATH)) return ADMIN_HOME;
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
  const operator = await operatorForSession(getDb(), sessionIdOf(request), now);
  if (!operator) throw loginRedirect(request);
  return operator;
}
