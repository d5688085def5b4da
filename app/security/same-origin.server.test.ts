import { describe, expect, it } from "vitest";
import { isSameOriginRequest, requireJsonContentType, requireSameOrigin } from "./same-origin.server";

function post(headers: Record<string, string>, url = "http://127.0.0.1:3000/consent") {
  return new Request(url, { method: "POST", headers });
}

describe("same-origin guard", () => {
  it("lets our own pages through", () => {
    expect(isSameOriginRequest(post({ Origin: "http://127.0.0.1:3000" }))).toBe(true);
    expect(isSameOriginRequest(post({ "Sec-Fetch-Site": "same-origin" }))).toBe(true);
    expect(isSameOriginRequest(post({ Referer: "http://127.0.0.1:3000/en/contact" }))).toBe(true);
    expect(isSameOriginRequest(post({}))).toBe(true);
  });

  it("refuses other sites, null origins and cross-site fetches", () => {
    expect(isSameOriginRequest(post({ Origin: "null" }))).toBe(false);
    expect(isSameOriginRequest(post({ Origin: "https://evil.example" }))).toBe(false);
    expect(isSameOriginRequest(post({ Origin: "http://127.0.0.1:3001" }))).toBe(false);
    expect(isSameOriginRequest(post({ "Sec-Fetch-Site": "cross-site" }))).toBe(false);
    expect(isSameOriginRequest(post({ "Sec-Fetch-Site": "same-site" }))).toBe(false);
    expect(isSameOriginRequest(post({ Referer: "https://evil.example/page" }))).toBe(false);
    // Origin wins over a forged-looking Sec-Fetch-Site.
    expect(isSameOriginRequest(post({ Origin: "https://evil.example", "Sec-Fetch-Site": "same-origin" }))).toBe(false);
  });

  it("throws a plain 403 without details", async () => {
    let thrown: unknown;
    try {
      requireSameOrigin(post({ Origin: "null" }));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(403);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await response.text()).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it("accepts only JSON bodies on the API", () => {
    expect(() => requireJsonContentType(post({ "Content-Type": "application/json; charset=utf-8" }))).not.toThrow();
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""]) {
      try {
        requireJsonContentType(post(type ? { "Content-Type": type } : {}));
        expect.unreachable(type);
      } catch (error) {
        expect((error as Response).status, type).toBe(415);
      }
    }
  });
});
