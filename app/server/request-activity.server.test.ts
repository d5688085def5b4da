import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createRequestActivity } from "./request-activity.server";

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

describe("createRequestActivity", () => {
  it("is busy while a real request is being answered and counts the quiet time after it", async () => {
    let clock = 1_000;
    const activity = createRequestActivity(() => clock);
    let finish: () => void = () => undefined;
    server = createServer((_request, response) => {
      activity.track(response);
      finish = () => response.end("ok");
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const answered = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`).then((response) => response.text());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(activity.quietForMs()).toBe(0);
    clock = 2_000;
    finish();
    expect(await answered).toBe("ok");
    await new Promise((resolve) => setTimeout(resolve, 20));
    clock = 2_030;
    expect(activity.quietForMs()).toBe(30);
  });

  it("counts a request whose client went away as ended", async () => {
    const activity = createRequestActivity();
    server = createServer((_request, response) => activity.track(response));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const controller = new AbortController();
    const request = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { signal: controller.signal }).catch(() => "aborted");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(activity.quietForMs()).toBe(0);
    controller.abort();
    expect(await request).toBe("aborted");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(activity.quietForMs()).toBeGreaterThan(0);
  });
});
