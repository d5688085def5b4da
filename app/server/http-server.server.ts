import { createServer, type RequestListener, type Server } from "node:http";
import type { Socket } from "node:net";
import { capConnectionsPerAddress } from "./connection-cap.server";

/**
 * The site's forms are small: headers must arrive within 10 s and a whole request within 30 s,
 * and an idle keep-alive connection is closed after 5 s. Node checks these every second
 * (its default, 30 s, would let a slow client hold a connection three times as long).
 */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
export const CONNECTIONS_PER_ADDRESS = 50;

type HttpServerOptions = {
  connectionsPerAddress: number | null;
  log?: (line: string) => void;
  /** HEADERS_TIMEOUT_MS unless a test needs a connection closed sooner. */
  headersTimeoutMs?: number;
};

export function createHttpServer(
  app: RequestListener,
  { connectionsPerAddress, log, headersTimeoutMs = HEADERS_TIMEOUT_MS }: HttpServerOptions,
): Server {
  const server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: REQUEST_TIMEOUT_MS,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: 1_000,
    },
    app,
  );
  if (connectionsPerAddress !== null) capConnectionsPerAddress(server, { limit: connectionsPerAddress, log });
  closeSilentConnections(server, headersTimeoutMs);
  return server;
}

/**
 * Node's headers timeout starts with the first byte: a connection that never sends one would
 * stay open for good. It gets the same time as headers do to start its first request.
 */
function closeSilentConnections(server: Server, limitMs: number): void {
  const timers = new WeakMap<Socket, NodeJS.Timeout>();
  server.on("connection", (socket: Socket) => {
    const timer = setTimeout(() => socket.destroy(), limitMs).unref();
    timers.set(socket, timer);
    socket.once("close", () => clearTimeout(timer));
  });
  server.on("request", (request: { socket: Socket }) => clearTimeout(timers.get(request.socket)));
}
