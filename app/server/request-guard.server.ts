import { Server, type IncomingMessage, type ServerResponse } from "node:http";
import { contentSecurityPolicy } from "~/security/headers.server";
import { MAX_BODY_BYTES } from "~/security/body.server";
import { isSameOrigin } from "~/security/same-origin.server";

/**
 * Screens each request before remix-serve's Express app and Remix see it (decision 018).
 * Remix answers a cross-site form POST with an empty 500 and logs a stack trace, before any
 * action runs, and the body of a POST is read by whoever asks for it first; so the refusals
 * that must come first are made here, on the HTTP server remix-serve creates:
 *
 * - a cross-site POST, PUT, PATCH or DELETE (Origin "null" or another site's) gets 403;
 * - a body declared over 64 KiB gets 413 without being read.
 *
 * Bodies sent without a length are limited where they are read (app/security/body.server.ts).
 */
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function refuse(response: ServerResponse, status: 403 | 413, text: string): true {
  response.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Security-Policy": contentSecurityPolicy(),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
    Connection: "close",
  });
  response.end(text);
  return true;
}

/** Answers the request itself when it must be refused; returns whether it did. */
export function screenRequest(request: IncomingMessage, response: ServerResponse): boolean {
  if (!UNSAFE_METHODS.has(request.method ?? "GET")) return false;
  if (
    !isSameOrigin((name) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    }, request.headers.host)
  )
    return refuse(response, 403, "Forbidden: this form can only be sent from this site.");
  if (Number(request.headers["content-length"] ?? "0") > MAX_BODY_BYTES) return refuse(response, 413, "Payload Too Large");
  return false;
}

const marker = Symbol.for("adres.requestGuard");

/** Installs the screen on every HTTP server of this process, once (the dev server re-imports the build). */
export function installRequestGuard(): void {
  const prototype = Server.prototype as Server & { [marker]?: true };
  if (prototype[marker]) return;
  prototype[marker] = true;
  const emit = prototype.emit;
  prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request" && screenRequest(args[0] as IncomingMessage, args[1] as ServerResponse)) return true;
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof emit;
}
