import type { IncomingHttpHeaders } from "node:http";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { clientAddressOf } from "./rate-limits.server";

/**
 * The server layer (app/server/server-app.server.ts) works out the client's address from the
 * socket and TRUST_PROXY, and writes it into this header of every request, overwriting
 * whatever the client sent under that name. Loaders and actions read it here: Remix gives
 * them no socket.
 */
export const CLIENT_ADDRESS_HEADER = "x-adres-client-address";

/** The client's address as the server layer saw it; "unknown" outside the server (unit tests). */
export function clientAddressOfRequest(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
}

export function clientAddressOfRequestHeaders(headers: IncomingHttpHeaders): string {
  const value = headers[CLIENT_ADDRESS_HEADER];
  return (Array.isArray(value) ? value[0] : value) ?? "unknown";
}

export function recordClientAddress(trustedProxies: number) {
  return (request: ExpressRequest, _response: ExpressResponse, next: NextFunction): void => {
    const forwardedFor = request.headers["x-forwarded-for"];
    const forwarded = Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor;
    request.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf(request.socket.remoteAddress, forwarded, trustedProxies);
    next();
  };
}
