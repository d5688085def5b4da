import type { NextFunction, Request, Response } from "express";
import { answerPlain } from "./plain-answers.server";

/**
 * `GET /healthz` for load balancers: "ok" once the database answers, 503 when it cannot.
 * Before the screens, so it is never limited or screened; a passing check is logged at debug level only (request-log.server.ts).
 */
export function healthz(checkDatabase: () => Promise<void>) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.path !== "/healthz" || (request.method !== "GET" && request.method !== "HEAD")) return next();
    checkDatabase().then(
      () => answerPlain(response, 200, "text/plain; charset=utf-8", "ok"),
      () => answerPlain(response, 503, "text/plain; charset=utf-8", "database unavailable"),
    );
  };
}
