import { describe, expect, it } from "vitest";
import { env } from "~/config/env.server";
import { isSameOriginRequest } from "./same-origin.server";

function post(headers: Record<string, string>) {
  return new Request("http://127.0.0.1:3000/consent", { method: "POST", headers: { Host: "127.0.0.1:3000", ...headers } });
}

describe("same-origin check for requests that change something", () => {
  it("lets our own pages through, by Origin, Sec-Fetch-Site or Referer", () => {
    expect(isSameOriginRequest(post({ Origin: "http://127.0.0.1:3000" }))).toBe(true);
    expect(isSameOriginRequest(post({ Origin: new URL(env.SITE_URL).origin }))).toBe(true);
    expect(isSameOriginRequest(post({ "Sec-Fetch-Site": "same-origin" }))).toBe(true);
    expect(isSameOriginRequest(post({ Referer: "http://127.0.0.1:3000/en/contact" }))).toBe(true);
    // Not a browser acting for a visitor (curl): nothing to protect.
    expect(isSameOriginRequest(post({}))).toBe(true);
  });

  it("refuses another site, an opaque origin and cross-site fetches", () => {
    const crossSite: Record<string, string>[] = [
      { Origin: "null" },
      { Origin: "https://evil.example" },
      { Origin: "http://127.0.0.1:3001" },
      { Origin: "http://127.0.0.1:3000.evil.example" },
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
      { Referer: "https://evil.example/page" },
      { Referer: "not a url" },
      // Origin decides even when Sec-Fetch-Site looks right.
      { Origin: "https://evil.example", "Sec-Fetch-Site": "same-origin" },
    ];
    for (const headers of crossSite) {
      expect(isSameOriginRequest(post(headers)), JSON.stringify(headers)).toBe(false);
    }
  });
});
