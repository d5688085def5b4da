/**
 * The visitor's marketing-cookie choice, shared by the server and the browser.
 * `null` means the visitor has not chosen yet: the banner shows and nothing is tracked.
 */
export const CONSENT_CHOICES = ["accept", "reject"] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];
export type ConsentState = "accepted" | "rejected" | null;

/** A page URL with this query parameter shows the banner again (the footer's "cookie settings" link). */
export const CONSENT_SETTINGS_PARAM = "cookie-settings";

/** The resource route the banner posts to (registered in remix.config.js). */
export const CONSENT_ACTION_PATH = "/consent";

export function isConsentChoice(value: unknown): value is ConsentChoice {
  return typeof value === "string" && (CONSENT_CHOICES as readonly string[]).includes(value);
}

/**
 * Where to send the visitor back after choosing: only a path on this site. Anything
 * else (an absolute URL, a protocol-relative "//host", a backslash trick) is refused,
 * so the consent form cannot be used as an open redirect.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  const base = "http://site.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  // Dot segments are resolved now ("/.//evil.example" becomes "//evil.example"): a result a
  // browser would read as another host is refused too.
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.startsWith("//") || path.startsWith("/\\")) return null;
  return path;
}

/** The current page's address without the "show the banner again" marker: where the banner sends the visitor back. */
export function returnPathOf(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(CONSENT_SETTINGS_PARAM);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The footer's "cookie settings" link: the same page, asking for the banner. */
export function settingsPathOf(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.set(CONSENT_SETTINGS_PARAM, "1");
  return `${pathname}?${params.toString()}`;
}
