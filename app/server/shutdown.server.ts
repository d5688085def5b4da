import type { OutboxWorker } from "~/outbox/outbox.server";
import { servingServers } from "./request-guard.server";

/**
 * A graceful stop on SIGTERM (and SIGINT): remix-serve stops accepting connections; here the
 * idle keep-alive connections are closed so the requests in flight are the last, the mail
 * worker finishes the message it is sending, and the process exits, within 10 s at most.
 */
export const SHUTDOWN_LIMIT_MS = 9_500;

const installed = Symbol.for("adres.gracefulStop");

export function stopGracefully({ mailWorker, log = console.log }: { mailWorker: OutboxWorker; log?: (line: string) => void }): void {
  // The dev server re-imports the build on every change: listen once per process.
  const store = globalThis as typeof globalThis & { [installed]?: true };
  if (store[installed]) return;
  store[installed] = true;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`[shutdown] ${signal}: finishing requests in flight and the e-mail being sent`);
    const deadline = setTimeout(() => {
      log("[shutdown] still busy after 9.5 s: exiting");
      process.exit(0);
    }, SHUTDOWN_LIMIT_MS);
    const serversClosed = [...servingServers()].map(
      (server) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        }),
    );
    void Promise.all([...serversClosed, mailWorker.stop()]).then(() => {
      clearTimeout(deadline);
      process.exit(0);
    });
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
