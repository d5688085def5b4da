import type { Server } from "node:http";
import { log as processLog } from "~/log/log.server";

/**
 * At most `limit` open connections per client address: one address holding thousands of idle
 * or slow connections would exhaust the file descriptors and take /healthz and every page
 * down with it (docs/decisions/024). Further connections are closed at once; the log says so
 * once each time an address reaches the cap. Behind a reverse proxy every connection comes
 * from the proxy, so the cap is the proxy's job there (README, Operations).
 */
export function capConnectionsPerAddress(
  server: Server,
  { limit, log = (line) => processLog.warn(line) }: { limit: number; log?: (line: string) => void },
): void {
  const open = new Map<string, number>();
  const atCap = new Set<string>();
  server.on("connection", (socket) => {
    const address = socket.remoteAddress ?? "unknown";
    const count = open.get(address) ?? 0;
    if (count >= limit) {
      if (!atCap.has(address)) {
        atCap.add(address);
        log(`[server] connection cap: ${address} holds ${count} open connections; closing further ones`);
      }
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
      if (left < limit) atCap.delete(address);
    });
  });
}
