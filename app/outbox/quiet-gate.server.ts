import { setTimeout as sleep } from "node:timers/promises";

/**
 * Keeps background work (the outbox's PDFs and MIME encoding, about 20 ms of the one
 * JavaScript thread per confirmation) to a share of the time while the process is
 * answering people: a confirmation may arrive some seconds later during a rush; a page
 * must not wait behind it.
 *
 * After a piece of work that took `workMs`, the gate lets the next one start at once when
 * no request has been in flight for `quietMs`; otherwise it rests up to
 * `workMs × (1 / busyShare − 1)`, opening early as soon as the requests stop. So an idle
 * process sends at full speed, and a busy one still sends at `busyShare` of its time.
 */
export type QuietGate = (workMs: number, isStopped?: () => boolean) => Promise<void>;

export type QuietGateOptions = {
  /** Milliseconds since the last request ended, or 0 while one is in flight. */
  quietForMs: () => number;
  quietMs?: number;
  busyShare?: number;
  /** The clock it rests by; tests pass one that moves only when the gate sleeps. */
  clock?: { now: () => number; sleep: (ms: number) => Promise<unknown> };
};

const realClock = { now: () => Date.now(), sleep };

export function createQuietGate({ quietForMs, quietMs = 20, busyShare = 0.05, clock = realClock }: QuietGateOptions): QuietGate {
  return async (workMs, isStopped = () => false) => {
    const rest = workMs * (1 / busyShare - 1);
    const started = clock.now();
    while (!isStopped()) {
      const rested = clock.now() - started;
      if (rested >= rest) return;
      const quiet = quietForMs();
      if (quiet >= quietMs) return;
      await clock.sleep(Math.min(quietMs - quiet, rest - rested));
    }
  };
}
