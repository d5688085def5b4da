import { describe, expect, it } from "vitest";
import { readFormDataLimited } from "./body-limit.server";

async function statusOf(promise: Promise<unknown>): Promise<number | "ok"> {
  try {
    await promise;
    return "ok";
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
}

describe("reading a form with a size limit", () => {
  it("parses urlencoded and multipart forms under the limit", async () => {
    const urlencoded = await readFormDataLimited(new Request("http://x/", { method: "POST", body: new URLSearchParams({ choice: "accept", name: "Łukasz" }) }), 1024);
    expect(urlencoded?.get("name")).toBe("Łukasz");
    const multipart = new FormData();
    multipart.set("choice", "reject");
    const parsed = await readFormDataLimited(new Request("http://x/", { method: "POST", body: multipart }), 1024);
    expect(parsed?.get("choice")).toBe("reject");
  });

  it("refuses a declared Content-Length past the limit without reading", async () => {
    let pulled = 0;
    const body = new ReadableStream({ pull(controller) { pulled++; controller.enqueue(new Uint8Array(10)); } });
    const request = new Request("http://x/", { method: "POST", body, headers: { "Content-Length": "5000000", "Content-Type": "application/x-www-form-urlencoded" }, duplex: "half" } as RequestInit);
    expect(await statusOf(readFormDataLimited(request, 1024))).toBe(413);
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("stops a streamed body at the first chunk past the limit", async () => {
    let pulled = 0;
    let cancelled = false;
    const body = new ReadableStream({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1000).fill(97));
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request("http://x/", { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" }, duplex: "half" } as RequestInit);
    expect(await statusOf(readFormDataLimited(request, 4096))).toBe(413);
    expect(pulled).toBeLessThan(10);
    expect(cancelled).toBe(true);
  });

  it("gives null for a body that is not a form", async () => {
    expect(await readFormDataLimited(new Request("http://x/", { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } }), 1024)).toBeNull();
  });
});
