import { describe, expect, it } from "vitest";
import {
  createDocumentQueue,
  DocumentsBusyError,
  DOCUMENTS_RETRY_AFTER_SECONDS,
  DownloadGoneError,
  DOWNLOADS_PER_CLIENT,
  DOWNLOADS_WAITING,
} from "./document-queue.server";

/**
 * A drawing that finishes when the test says so, and the order in which the queue started them: the
 * thread's own drawing is measured in document-thread.server.test.ts; here only the order matters.
 */
function heldDrawing() {
  const started: string[] = [];
  const finishers: Array<() => void> = [];
  const draw = (job: string) =>
    new Promise<string>((resolve) => {
      started.push(job);
      finishers.push(() => resolve(job));
    });
  /** Finishes the drawing under way and lets the queue start the next one. */
  const finishOne = async () => {
    finishers.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { draw, started, finishOne };
}

const download = (client: string, controller = new AbortController()) => ({ client, signal: controller.signal });

describe("the document queue", () => {
  it("never draws a download whose request went away while it waited", async () => {
    const { draw, started, finishOne } = heldDrawing();
    const queue = createDocumentQueue(draw);
    const first = queue.submit("first", download("10.0.0.1"));
    const dropped = new AbortController();
    const second = queue.submit("second", download("10.0.0.2", dropped));
    dropped.abort();

    await expect(second).rejects.toBeInstanceOf(DownloadGoneError);
    await finishOne();
    expect(await first).toBe("first");
    expect(started).toEqual(["first"]);
    expect(queue.waiting()).toBe(0);
  });

  it("refuses a download whose request has already gone, without queueing it", async () => {
    const { draw, started } = heldDrawing();
    const queue = createDocumentQueue(draw);
    const gone = new AbortController();
    gone.abort();
    await expect(queue.submit("late", download("10.0.0.1", gone))).rejects.toBeInstanceOf(DownloadGoneError);
    expect(started).toEqual([]);
  });

  it("gives one client a small share: beyond it that client is told to come back, while another client is still served", async () => {
    const { draw, started, finishOne } = heldDrawing();
    const queue = createDocumentQueue(draw);
    const flood = Array.from({ length: 50 }, (_, i) => queue.submit(`flood ${i}`, download("10.66.0.1")));
    const other = queue.submit("other visitor", download("10.77.0.1"));

    const refused = await Promise.allSettled(flood.slice(DOWNLOADS_PER_CLIENT));
    expect(refused.every((outcome) => outcome.status === "rejected" && outcome.reason instanceof DocumentsBusyError)).toBe(true);
    const reason = (refused[0] as PromiseRejectedResult).reason as DocumentsBusyError;
    expect(reason.retryAfterSeconds).toBe(DOCUMENTS_RETRY_AFTER_SECONDS);
    for (let i = 0; i < 3; i++) await finishOne();
    expect(await other).toBe("other visitor");
    // The other visitor's turn came after the flood's first, not after all of its share.
    expect(started).toEqual(["flood 0", "other visitor", "flood 1"]);
    await expect(Promise.all(flood.slice(0, DOWNLOADS_PER_CLIENT))).resolves.toEqual(["flood 0", "flood 1"]);
  });

  it("bounds the downloads waiting in all, and takes new ones again once the queue drains", async () => {
    const { draw, finishOne } = heldDrawing();
    const queue = createDocumentQueue(draw);
    // One download each from many clients: the first is drawn at once, DOWNLOADS_WAITING more may wait.
    const accepted = Array.from({ length: DOWNLOADS_WAITING + 1 }, (_, i) => queue.submit(`client ${i}`, download(`10.1.0.${i}`)));
    await expect(queue.submit("one too many", download("10.2.0.1"))).rejects.toBeInstanceOf(DocumentsBusyError);
    expect(queue.waiting()).toBe(DOWNLOADS_WAITING);

    await finishOne();
    const later = queue.submit("later", download("10.2.0.1"));
    for (let i = 0; i <= DOWNLOADS_WAITING + 1; i++) await finishOne();
    await expect(Promise.all(accepted)).resolves.toHaveLength(DOWNLOADS_WAITING + 1);
    expect(await later).toBe("later");
  });

  it("keeps the mail worker's documents in a lane of their own: a confirmation waits behind at most one download, and is never refused", async () => {
    const { draw, started, finishOne } = heldDrawing();
    const queue = createDocumentQueue(draw);
    const downloads = Array.from({ length: DOWNLOADS_WAITING + 1 }, (_, i) => queue.submit(`download ${i}`, download(`10.3.0.${i}`)));
    const confirmations = [queue.submit("confirmation 1"), queue.submit("confirmation 2")];

    for (let i = 0; i < 4; i++) await finishOne();
    expect(started).toEqual(["download 0", "confirmation 1", "download 1", "confirmation 2", "download 2"]);
    await expect(Promise.all(confirmations)).resolves.toEqual(["confirmation 1", "confirmation 2"]);
    for (let i = 0; i < DOWNLOADS_WAITING; i++) await finishOne();
    await expect(Promise.all(downloads)).resolves.toHaveLength(DOWNLOADS_WAITING + 1);
  });

  it("answers a drawing that fails with its error and goes on with the next", async () => {
    const queue = createDocumentQueue(async (job: string) => {
      if (job === "broken") throw new Error("no contract text");
      return job;
    });
    const broken = queue.submit("broken", download("10.4.0.1"));
    const next = queue.submit("next", download("10.4.0.1"));
    await expect(broken).rejects.toThrow("no contract text");
    expect(await next).toBe("next");
    // The failed one no longer counts against the client's share.
    expect(await queue.submit("again", download("10.4.0.1"))).toBe("again");
  });
});
