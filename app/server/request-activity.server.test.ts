import { createServer, type ServerResponse, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createRequestActivity, type RequestActivity } from "./request-activity.server";

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/**
 * A real server whose handler tracks each response; `received` resolves when a request has
 * arrived, `closed` when its response closed (after the activity's own listener).
 */
async function trackingServer(activity: RequestActivity) {
  let arrived: (response: ServerResponse) => void = () => undefined;
  let ended: () => void = () => undefined;
  const received = new Promise<ServerResponse>((resolve) => (arrived = resolve));
  const closed = new Promise<void>((resolve) => (ended = resolve));
  server = createServer((_request, response) => {
    activity.track(response);
    response.once("close", () => ended());
    arrived(response);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, received, closed };
}

describe("createRequestActivity", () => {
  it("is busy while a real request is being answered and counts the quiet time after it", async () => {
    let clock = 1_000;
    const activity = createRequestActivity(() => clock);
    const { url, received, closed } = await trackingServer(activity);
    const answered = fetch(url).then((response) => response.text());
    const response = await received;
    expect(activity.quietForMs()).toBe(0);
    clock = 2_000;
    response.end("ok");
    expect(await answered).toBe("ok");
    await closed;
    clock = 2_030;
    expect(activity.quietForMs()).toBe(30);
  });

  it("counts a request whose client went away as ended", async () => {
    const activity = createRequestActivity();
    const { url, received, closed } = await trackingServer(activity);
    const controller = new AbortController();
    const request = fetch(url, { signal: controller.signal }).catch(() => "aborted");
    await received;
    expect(activity.quietForMs()).toBe(0);
    controller.abort();
    expect(await request).toBe("aborted");
    await closed;
    await expect.poll(() => activity.quietForMs()).toBeGreaterThan(0);
  });

  it("runs what waits for idleness once the request in flight has been answered, and at once when none is", async () => {
    const activity = createRequestActivity();
    const runs: string[] = [];
    activity.whenIdle(() => runs.push("idle from the start"));
    expect(runs).toEqual(["idle from the start"]);
    const { url, received, closed } = await trackingServer(activity);
    const answered = fetch(url).then((response) => response.text());
    const response = await received;
    const afterTheAnswer = () => runs.push("after the answer");
    activity.whenIdle(afterTheAnswer);
    activity.whenIdle(afterTheAnswer);
    expect(runs).toEqual(["idle from the start"]);
    response.end("ok");
    expect(await answered).toBe("ok");
    await closed;
    expect(runs).toEqual(["idle from the start", "after the answer"]);
  });
});
