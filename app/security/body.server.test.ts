import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import {
  BodyTooLargeError,
  FormShapeError,
  MAX_BODY_BYTES,
  bodyTooLargeResponse,
  readFormDataLimited,
  readFormDataOr413,
} from "./body.server";

function streamedRequest(chunkBytes: number, headers: Record<string, string> = {}) {
  const seen = { pulls: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      seen.pulls++;
      controller.enqueue(new Uint8Array(chunkBytes).fill(97));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  const request = new Request("http://127.0.0.1/consent", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    duplex: "half",
  } as RequestInit);
  return { request, seen };
}

describe("reading a form body within the limit", () => {
  it("parses urlencoded and multipart forms", async () => {
    const urlencoded = await readFormDataLimited(
      new Request("http://x/", { method: "POST", body: new URLSearchParams({ choice: "accept", name: "Łukasz" }) }),
    );
    expect(urlencoded.get("name")).toBe("Łukasz");
    const multipart = new FormData();
    multipart.set("choice", "reject");
    expect((await readFormDataLimited(new Request("http://x/", { method: "POST", body: multipart }))).get("choice")).toBe("reject");
  });

  it("refuses a declared length over the limit before reading a byte", async () => {
    const { request, seen } = streamedRequest(1024, { "Content-Length": String(20 * 1024 * 1024) });
    await expect(readFormDataLimited(request)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(seen.pulls).toBeLessThanOrEqual(1);
  });

  it("answers an endless body without a declared length just past the limit, then drops the rest for a bounded amount", async () => {
    const { request, seen } = streamedRequest(16 * 1024);
    let pullsAtAnswer = 0;
    await expect(
      readFormDataLimited(request).catch((error) => {
        pullsAtAnswer = seen.pulls;
        throw error;
      }),
    ).rejects.toBeInstanceOf(BodyTooLargeError);
    // Only the limit and a little read-ahead were pulled before the 413.
    expect(pullsAtAnswer * 16 * 1024).toBeLessThanOrEqual(MAX_BODY_BYTES + 4 * 16 * 1024);
    // The rest is read and dropped in the background (so the client sees the answer), then the stream is cancelled.
    await expect.poll(() => seen.cancelled, { timeout: 5_000 }).toBe(true);
    expect(seen.pulls * 16 * 1024).toBeLessThan(40 * 1024 * 1024);
  });

  it("answers 413 in plain text with the security headers", async () => {
    const response = bodyTooLargeResponse();
    expect(response.status).toBe(413);
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await response.text()).not.toMatch(/\bat .+:\d+:\d+/);
  });
});

describe("the shape of a form", () => {
  const form = (body: string, type = "application/x-www-form-urlencoded") =>
    new Request("http://x/", { method: "POST", headers: { "Content-Type": type }, body });
  const deepDots = `${"a.".repeat(5000)}a=1`;
  const deepBrackets = `a${"[0]".repeat(5000)}=1`;

  it("is what makes conform overflow its stack when left unchecked", () => {
    const deep = new FormData();
    deep.set("a.".repeat(5000) + "a", "1");
    // The reply, which a 400 page is rendered from, walks the nested value by recursion.
    expect(() => parseWithZod(deep, { schema: z.object({ name: z.string() }) }).reply()).toThrow(RangeError);
  });

  it("refuses a name nested deeper than 4, or more than 100 fields, urlencoded or multipart, before anything parses the names", async () => {
    await expect(readFormDataLimited(form(deepDots))).rejects.toBeInstanceOf(FormShapeError);
    await expect(readFormDataLimited(form(deepBrackets))).rejects.toBeInstanceOf(FormShapeError);
    await expect(readFormDataLimited(form("a.b.c.d.e=1"))).rejects.toBeInstanceOf(FormShapeError);
    await expect(readFormDataLimited(form(Array.from({ length: 101 }, (_, i) => `f${i}=x`).join("&")))).rejects.toBeInstanceOf(
      FormShapeError,
    );
    const multipart = new FormData();
    multipart.set(`x${"[1]".repeat(10)}`, "1");
    await expect(readFormDataLimited(new Request("http://x/", { method: "POST", body: multipart }))).rejects.toBeInstanceOf(FormShapeError);
  });

  it("takes what the site's forms send: flat names, a few levels, up to 100 fields", async () => {
    expect((await readFormDataLimited(form("a.b[0].c=1"))).get("a.b[0].c")).toBe("1");
    expect([...(await readFormDataLimited(form(Array.from({ length: 100 }, (_, i) => `f${i}=x`).join("&")))).keys()]).toHaveLength(100);
  });

  it("answers the back office's forms 400 in plain text, never a 500", async () => {
    const refused = await readFormDataOr413(form(deepDots)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(400);
    expect(await (refused as Response).text()).toContain("Formularz ma postać");
  });
});
