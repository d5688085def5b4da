import type { ServerResponse } from "node:http";

/**
 * Whether the process is answering anyone right now, and since when it has not been:
 * background work (the outbox) waits for a quiet moment rather than slow a page down.
 */
export type RequestActivity = {
  /** Counts a request until its response is finished or its connection closes. */
  track(response: ServerResponse): void;
  /** Milliseconds since the last request ended, or 0 while any is in flight. */
  quietForMs(): number;
  /**
   * Runs `run` once no request is in flight: at once when none is, else when the last one
   * ends. The same function asked for twice before then runs once.
   */
  whenIdle(run: () => void): void;
};

export function createRequestActivity(now: () => number = Date.now): RequestActivity {
  let inFlight = 0;
  let lastEndedAt = now();
  const waitingForIdle = new Set<() => void>();
  return {
    track(response) {
      inFlight += 1;
      response.once("close", () => {
        inFlight -= 1;
        lastEndedAt = now();
        if (inFlight > 0) return;
        const waiting = [...waitingForIdle];
        waitingForIdle.clear();
        for (const run of waiting) run();
      });
    },
    quietForMs: () => (inFlight > 0 ? 0 : now() - lastEndedAt),
    whenIdle(run) {
      if (inFlight === 0) run();
      else waitingForIdle.add(run);
    },
  };
}
