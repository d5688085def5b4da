import type { NextFunction, Request, Response } from "express";
import { answerPlain } from "./plain-answers.server";

/**
 * HTTP/1.1 lets a client name the whole URL in the request line (`GET http://host/en HTTP/1.1`, the
 * absolute form a proxy is sent). Every later step, and Remix's adapter, which joins the host and the
 * target into one URL, expect the path alone. So the target becomes its path and query here, first,
 * and is answered like any other request for that path; the host it named counts for nothing, as
 * the Host header counts for nothing (the origin screen hands Remix SITE_URL's host). A target that
 * is neither a path nor a URL (`*`, `en`) gets 400.
 */
const ABSOLUTE_FORM = /^https?:\/\/[^/?#]*/i;

export function requestTarget() {
  return (request: Request, response: Response, next: NextFunction): void => {
    const target = request.url;
    if (target.startsWith("/")) return next();
    const authority = ABSOLUTE_FORM.exec(target);
    if (authority) {
      const rest = target.slice(authority[0].length);
      const path = rest.startsWith("/") ? rest : `/${rest}`;
      request.url = path;
      request.originalUrl = path;
      return next();
    }
    request.resume();
    answerPlain(response, 400, "text/plain; charset=utf-8", "400 Bad Request\n", { Connection: "close" });
  };
}
