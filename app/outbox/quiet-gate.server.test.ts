import { describe, expect, it } from "vitest";
import { createQuietGate } from "./quiet-gate.server";

/** A clock that moves only when the gate sleeps, so a rest is measured exactly and instantly. */
function virtualClock() {
  let nowMs = 0;
  return { now: () => nowMs, sleep: async (ms: number) => void (nowMs += ms) };
}

describe("createQuietGate", () => {
  it("opens at once when nothing has been answered for a while", async () => {
    const clock = virtualClock();
    await createQuietGate({ quietMs: 20, quietForMs: () => 1_000, clock })(50);
    expect(clock.now()).toBe(0);
  });

  it("under steady requests, rests so that the work takes its share of the time: 20 ms of work, 80 ms of rest", async () => {
    const clock = virtualClock();
    await createQuietGate({ quietMs: 20, busyShare: 0.2, quietForMs: () => 0, clock })(20);
    expect(clock.now()).toBe(80);
  });

  it("stops resting as soon as the requests have been quiet long enough", async () => {
    const clock = virtualClock();
    const busyUntil = 60;
    const quietForMs = () => Math.max(0, clock.now() - busyUntil);
    // 100 ms of work at a 10 % share would rest 900 ms; the requests stop at 60 ms and stay quiet for 20.
    await createQuietGate({ quietMs: 20, busyShare: 0.1, quietForMs, clock })(100);
    expect(clock.now()).toBe(80);
  });

  it("lets a stopping worker go at once", async () => {
    const clock = virtualClock();
    const isStopped = () => clock.now() >= 20;
    await createQuietGate({ quietMs: 5, busyShare: 0.001, quietForMs: () => 0, clock })(1_000, isStopped);
    expect(clock.now()).toBe(20);
  });
});
