/**
 * The request screen (request-guard.server.ts) works out the client's address from the socket
 * and TRUST_PROXY, and writes it into this header of every request, overwriting whatever the
 * client sent under that name. Loaders and actions read it here: remix-serve gives them no socket.
 */
export const CLIENT_ADDRESS_HEADER = "x-adres-client-address";

/** The client's address as the request screen saw it; "unknown" outside the server (unit tests). */
export function clientAddressOfRequest(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
}
