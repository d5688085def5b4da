import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { log as processLog, type Log } from "~/log/log.server";
import { runForRequest } from "~/log/request-context.server";

/**
 * Every request gets an id, sent back in `X-Request-Id` and carried by every log line its work
 * writes (app/log/request-context.server.ts), and one access line once its answer is sent or
 * abandoned: method, the route's template (never the path itself: a payment token is in it), status
 * and milliseconds. Server errors are logged as errors; a passing health check only at debug.
 * An id the client sends is not taken: it could carry anything.
 */
export function requestLog(pathTemplate: (pathname: string) => string, log: Log = processLog) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const requestId = randomUUID();
    const started = performance.now();
    response.setHeader("X-Request-Id", requestId);
    response.once("close", () => {
      const status = response.statusCode;
      const path = pathTemplate(pathnameOf(request.originalUrl));
      const line = {
        requestId,
        method: request.method,
        path,
        status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        ...(response.writableFinished ? {} : { aborted: true }),
      };
      if (status >= 500) log.error(line, "request");
      else if (path === "/healthz" && status === 200) log.debug(line, "request");
      else log.info(line, "request");
    });
    runForRequest(requestId, next);
  };
}

/** The path of a request target; originalUrl, since a router mounted at a prefix strips it from request.url meanwhile. */
function pathnameOf(target: string): string {
  try {
    return new URL(target, "http://target.invalid").pathname;
  } catch {
    return "*";
  }
}
