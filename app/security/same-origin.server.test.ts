import { describe, expect, it } from "vitest";
import { env } from "~/config/env.server";
import { isSameOrigin, isSameOriginRequest } from "./same-origin.server";

const site = new URL(env.SITE_URL);

function post(headers: Record<string, string>) {
  return new Request(`${site.origin}/consent`, { method: "POST", headers: { Host: site.host, ...headers } });
}

describe("same-origin check for requests that change something", () => {
  it("lets our own pages through, by Origin, Sec-Fetch-Site or Referer", () => {
    expect(isSameOriginRequest(post({ Origin: site.origin }))).toBe(true);
    expect(isSameOriginRequest(post({ "Sec-Fetch-Site": "same-origin" }))).toBe(true);
    expect(isSameOriginRequest(post({ Referer: `${site.origin}/en/contact` }))).toBe(true);
    // Our own page sent with Referrer-Policy: no-referrer (the back office): the browser says "null".
    expect(isSameOriginRequest(post({ Origin: "null", "Sec-Fetch-Site": "same-origin" }))).toBe(true);
    // Not a browser acting for a visitor (curl): nothing to protect.
    expect(isSameOriginRequest(post({}))).toBe(true);
  });

  it("refuses another site, an opaque origin and cross-site fetches", () => {
    const crossSite: Record<string, string>[] = [
      { Origin: "null" },
      { Origin: "null", "Sec-Fetch-Site": "cross-site" },
      { Origin: "null", "Sec-Fetch-Site": "same-site" },
      { Origin: "https://evil.example" },
      { Origin: `${site.protocol}//${site.hostname}:3999` },
      { Origin: `${site.origin}.evil.example` },
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

  it("compares with SITE_URL and the configured origins, never with the Host header", () => {
    const fromProxy = new Request(`${site.origin}/consent`, { method: "POST", headers: { Host: "backend:8080", Origin: site.origin } });
    expect(isSameOriginRequest(fromProxy)).toBe(true);
    const hostChosenByClient = new Request("http://evil.example/consent", {
      method: "POST",
      headers: { Host: "evil.example", Origin: "http://evil.example" },
    });
    expect(isSameOriginRequest(hostChosenByClient)).toBe(false);
    const extra = new Set([site.origin, "https://www.adres.example"]);
    expect(isSameOrigin((name) => (name === "origin" ? "https://www.adres.example" : null), extra)).toBe(true);
  });
});
