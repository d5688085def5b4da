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
};

export function createRequestActivity(now: () => number = Date.now): RequestActivity {
  let inFlight = 0;
  let lastEndedAt = now();
  return {
    track(response) {
      inFlight += 1;
      response.once("close", () => {
        inFlight -= 1;
        lastEndedAt = now();
      });
    },
    quietForMs: () => (inFlight > 0 ? 0 : now() - lastEndedAt),
  };
}
