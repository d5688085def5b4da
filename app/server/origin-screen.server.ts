import type { NextFunction, Request, Response } from "express";
import { INPOST_WEBHOOK_PATH, P24_NOTIFICATION_PATH, P24_REFUND_NOTIFICATION_PATH } from "./provider-paths";
import { fixedT } from "~/i18n/i18n.server";
import { localeFromPath } from "~/i18n/locales";
import { homePath } from "~/i18n/routes";
import { isSameOrigin } from "~/security/same-origin.server";
import { answerJson, answerPlain, isApiPath, shortPage } from "./plain-answers.server";

/**
 * Paths that take POSTs from other sites: the providers' notifications. They skip the origin
 * screen, and count against the providers' own rate budget (./rate-limit-screen.server.ts); the
 * route itself must prove the sender (a signature) or believe nothing but an id (the webhook).
 */
export const CROSS_SITE_POST_PATHS: readonly string[] = [P24_NOTIFICATION_PATH, P24_REFUND_NOTIFICATION_PATH, INPOST_WEBHOOK_PATH];

/**
 * A POST from another site's page (Origin "null" or foreign; without Origin, a cross-site
 * Sec-Fetch-Site or Referer) gets 403 (docs/decisions/018 and 024). Our origins are SITE_URL's
 * and EXTRA_ORIGINS, never the Host header.
 *
 * Then Remix is handed the host of the origin it checked: Remix compares Origin with Host
 * itself before any action (and answers a mismatch with a 500), so behind a proxy that
 * rewrites Host a no-JavaScript form would fail. Whatever the proxy or the client sent, Remix
 * sees SITE_URL's host, or the allowed extra origin's the POST came from.
 */
export function originScreen({
  allowedOrigins,
  siteUrl,
  exemptPaths = CROSS_SITE_POST_PATHS,
}: {
  allowedOrigins: ReadonlySet<string>;
  siteUrl: string;
  exemptPaths?: readonly string[];
}) {
  const siteHost = new URL(siteUrl).host;
  const exempt = new Set(exemptPaths);
  return (request: Request, response: Response, next: NextFunction): void => {
    const origin = request.get("origin");
    delete request.headers["x-forwarded-host"];
    request.headers.host = origin && allowedOrigins.has(origin) ? new URL(origin).host : siteHost;
    if (request.method !== "POST") return next();
    if (exempt.has(request.path)) {
      // Declared to take cross-site POSTs: the Origin decides nothing here (and would make Remix refuse).
      delete request.headers.origin;
      return next();
    }
    if (isSameOrigin((name) => request.get(name), allowedOrigins)) {
      // "null" from one of our own no-referrer pages: Remix would compare it with the host and refuse.
      if (origin === "null") delete request.headers.origin;
      return next();
    }
    request.resume();
    crossSiteRefusal(request, response, siteUrl);
  };
}

/**
 * The 403: a short page in the language of the path, or JSON for the API. A person meets it when a
 * copy of our page (an online translator's, an app's) sends one of our forms: its link leads to the
 * site itself, where the form can be sent again.
 */
function crossSiteRefusal(request: Request, response: Response, siteUrl: string): void {
  const locale = localeFromPath(request.path);
  const t = fixedT(locale, "error");
  const headers = { Connection: "close" };
  if (isApiPath(request.path)) return answerJson(response, 403, { success: false, error: t("crossSite.text") }, headers);
  const page = shortPage({
    locale,
    title: t("crossSite.title"),
    heading: t("crossSite.heading"),
    text: t("crossSite.text"),
    link: { href: new URL(homePath(locale), siteUrl).href, text: t("crossSite.home") },
  });
  answerPlain(response, 403, "text/html; charset=utf-8", page, headers);
}
