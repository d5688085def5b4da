import type { NextFunction, Request, Response } from "express";
import { fixedT } from "~/i18n/i18n.server";
import { answerJson, answerPlain, isApiPath } from "./plain-answers.server";

/**
 * Only GET, HEAD and POST reach a route. Remix runs a route's action for any other method, so
 * a PUT or PATCH would place an order past the POST limit (docs/decisions/024). The rest get
 * 405 with `Allow` before any loader or action runs; the JSON API answers in JSON.
 */
export const PAGE_METHODS = ["GET", "HEAD", "POST"] as const;
const ALLOWED: ReadonlySet<string> = new Set(PAGE_METHODS);

export function methodScreen() {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (ALLOWED.has(request.method)) return next();
    // A body nobody will read must not hold the connection.
    request.resume();
    if (isApiPath(request.path)) {
      answerJson(response, 405, { success: false, error: fixedT("pl", "order")("api.method") }, { Allow: "POST" });
      return;
    }
    answerPlain(response, 405, "text/plain; charset=utf-8", "405 Method Not Allowed\n", { Allow: PAGE_METHODS.join(", ") });
  };
}
