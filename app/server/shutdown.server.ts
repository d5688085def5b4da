import type { Server } from "node:http";
import type { OutboxWorker } from "~/outbox/outbox.server";
import { log as processLog } from "~/log/log.server";

/**
 * A graceful stop on SIGTERM (and SIGINT): the server stops accepting connections and closes
 * the idle keep-alive ones, so the requests in flight are the last; the mail worker finishes
 * the message it is sending, and the process exits, within 10 s at most. Installed once, by
 * server.ts, the process's entry point.
 */
export const SHUTDOWN_LIMIT_MS = 9_500;

export function stopGracefully({
  server,
  mailWorker,
  ksefLane = null,
  log = (line) => processLog.info(line),
}: {
  server: Server;
  mailWorker: OutboxWorker;
  /** The KSeF lane, when KSeF is configured; a send it breaks off is safe to resume (docs/decisions/050). */
  ksefLane?: OutboxWorker | null;
  log?: (line: string) => void;
}): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`[shutdown] ${signal}: finishing requests in flight and the e-mail being sent`);
    const deadline = setTimeout(() => {
      log("[shutdown] still busy after 9.5 s: exiting");
      process.exit(0);
    }, SHUTDOWN_LIMIT_MS);
    const serverClosed = new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    void Promise.all([serverClosed, mailWorker.stop(), ksefLane?.stop()]).then(() => {
      clearTimeout(deadline);
      process.exit(0);
    });
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
