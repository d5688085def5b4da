import { describe, expect, it } from "vitest";
import { createQuietGate } from "./quiet-gate.server";

const elapsedOf = async (waiting: Promise<void>) => {
  const started = Date.now();
  await waiting;
  return Date.now() - started;
};

describe("createQuietGate", () => {
  it("opens at once when nothing has been answered for a while", async () => {
    const gate = createQuietGate({ quietMs: 20, quietForMs: () => 1_000 });
    expect(await elapsedOf(gate(50))).toBeLessThan(15);
  });

  it("under steady requests, rests so that the work takes its share of the time: 20 ms of work, 80 ms of rest", async () => {
    const gate = createQuietGate({ quietMs: 20, busyShare: 0.2, quietForMs: () => 0 });
    const rested = await elapsedOf(gate(20));
    expect(rested).toBeGreaterThanOrEqual(78);
    expect(rested).toBeLessThan(400);
  });

  it("stops resting as soon as the requests have been quiet long enough", async () => {
    const busyUntil = Date.now() + 60;
    const gate = createQuietGate({ quietMs: 20, busyShare: 0.1, quietForMs: () => Math.max(0, Date.now() - busyUntil) });
    const rested = await elapsedOf(gate(100));
    expect(rested).toBeGreaterThanOrEqual(75);
    expect(rested).toBeLessThan(600);
  });

  it("lets a stopping worker go at once", async () => {
    let stopped = false;
    const waiting = createQuietGate({ quietMs: 5, busyShare: 0.001, quietForMs: () => 0 })(1_000, () => stopped);
    setTimeout(() => (stopped = true), 20);
    expect(await elapsedOf(waiting)).toBeLessThan(500);
  });
});
