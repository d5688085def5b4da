import type { NextFunction, Request, Response } from "express";
import { fixedT } from "~/i18n/i18n.server";
import { BODY_TOO_LARGE_TEXT, MAX_BODY_BYTES } from "~/security/body.server";
import { FILE_FORM_PATHS } from "./file-form-paths";
import { answerJson, answerPlain, isApiPath } from "./plain-answers.server";

/** How long an oversized body is read and dropped before the connection is closed. */
const LINGER_MS = 3_000;

/**
 * Drops what the client is still sending, for a few seconds at most, then closes. Closing
 * at once, with unread bytes, resets the connection and the client sees "connection reset"
 * instead of the 413 (the web servers' "lingering close", docs/decisions/011). Nothing is
 * kept in memory. A body that ends in time leaves the connection open for the client's next
 * request: closing it anyway would reset that request.
 */
function discardBodyBriefly(request: Request): void {
  request.resume();
  const timer = setTimeout(() => request.socket.destroy(), LINGER_MS).unref();
  request.once("end", () => clearTimeout(timer));
}

/**
 * A body declared over 64 KiB gets 413 before anyone reads it: JSON for the API, a short
 * text for the forms. Bodies without a declared length are limited where they are read
 * (readBodyLimited, readFormDataLimited), and so are those of the forms that carry a file.
 */
export function bodyLimit() {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (Number(request.headers["content-length"] ?? "0") <= MAX_BODY_BYTES || FILE_FORM_PATHS.has(request.path)) return next();
    discardBodyBriefly(request);
    if (isApiPath(request.path)) {
      answerJson(response, 413, { success: false, error: fixedT("pl", "order")("api.tooLarge") });
      return;
    }
    answerPlain(response, 413, "text/plain; charset=utf-8", BODY_TOO_LARGE_TEXT);
  };
}
