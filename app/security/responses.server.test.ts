import { describe, expect, it } from "vitest";
import { jsonResponse, resourceResponse } from "./responses.server";

describe("resource responses", () => {
  it("carry the security headers and no-store unless told otherwise", async () => {
    const response = resourceResponse("User-agent: *", { contentType: "text/plain; charset=utf-8" });
    expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).toBe("User-agent: *");
    expect(resourceResponse(null, { cacheControl: "public, max-age=3600" }).headers.get("Cache-Control")).toBe("public, max-age=3600");
  });

  it("send JSON with its type and status", async () => {
    const response = jsonResponse({ error: "x" }, { status: 400 });
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(await response.json()).toEqual({ error: "x" });
  });
});
