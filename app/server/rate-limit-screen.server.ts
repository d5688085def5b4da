import type { NextFunction, Request, Response } from "express";
import { fixedT } from "~/i18n/i18n.server";
import { localeFromPath } from "~/i18n/locales";
import { homePath, matchPage, type PageId } from "~/i18n/routes";
import { clientAddressOfRequestHeaders } from "./client-address.server";
import { CROSS_SITE_POST_PATHS } from "./origin-screen.server";
import { answerJson, answerPlain, isApiPath, shortPage } from "./plain-answers.server";
import type { RateLimitBudget, RateLimits } from "./rate-limits.server";

/**
 * Pages, data requests and form posts count against the client's budget (decision 019):
 * GET and HEAD against the reading limit, every other method against the writing one, except
 * the providers' notifications (the paths that take cross-site POSTs), which have their own
 * (docs/decisions/059). A declaration's verification by its address (`/weryfikacja/{code}`, the
 * QR code's link) is a guess at a code as much as the form's POST is, so it spends the writing
 * budget too (docs/decisions/089). Static files and /healthz never reach this. Addresses in
 * RATE_LIMIT_EXEMPT are never counted.
 *
 * A form where people write a message (the contact page, the order page's "Napisz do nas") keeps
 * what was typed over the limit (docs/decisions/086): its POST goes on to the route with
 * `response.locals.rateLimited` set, and the route answers 429 itself, writing nothing, with the
 * text back in its field. Every other refused request is answered here.
 */
export const PAGES_KEEPING_TYPED_TEXT: readonly PageId[] = ["contact", "payment"];

/** What the route reads from the load context (server.ts) when the screen let an over-limit POST through. */
export type RateLimited = { retryAfterSeconds: number };

function budgetOf(method: string, path: string): RateLimitBudget {
  if (method !== "GET" && method !== "HEAD") return CROSS_SITE_POST_PATHS.includes(path) ? "PROVIDER" : "POST";
  return matchPage(path)?.pageId === "verifyCode" ? "POST" : "GET";
}

/** Counts each request against its budget (budgetOf) and answers 429 once the client has spent it. */
export function rateLimitScreen({ rateLimits, exempt }: { rateLimits: RateLimits | null; exempt: ReadonlySet<string> }) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const client = clientAddressOfRequestHeaders(request.headers);
    if (!rateLimits || exempt.has(client)) return next();
    const budget = budgetOf(request.method, request.path);
    rateLimits.check(budget, client).then(
      (verdict) => {
        if (verdict.allowed) return next();
        if (budget === "POST" && keepsTypedText(request.path)) {
          response.locals.rateLimited = { retryAfterSeconds: verdict.retryAfterSeconds } satisfies RateLimited;
          return next();
        }
        tooManyRequests(request, response, verdict.retryAfterSeconds);
      },
      () => next(),
    );
  };
}

function keepsTypedText(path: string): boolean {
  const page = matchPage(path)?.pageId;
  return page !== undefined && PAGES_KEEPING_TYPED_TEXT.includes(page);
}

/** The 429 answer: a short page in the language of the path, or JSON for the API. */
function tooManyRequests(request: Request, response: Response, retryAfterSeconds: number): void {
  request.resume();
  const locale = localeFromPath(request.path);
  const t = fixedT(locale, "error");
  const strings = { title: t("tooMany.title"), heading: t("tooMany.heading"), home: t("tooMany.home") };
  const text = t("tooMany.text", { seconds: retryAfterSeconds });
  const headers = { "Retry-After": String(retryAfterSeconds) };
  if (isApiPath(request.path)) return answerJson(response, 429, { success: false, error: text }, headers);
  const page = shortPage({
    locale,
    title: strings.title,
    heading: strings.heading,
    text,
    link: { href: homePath(locale), text: strings.home },
  });
  answerPlain(response, 429, "text/html; charset=utf-8", page, headers);
}
