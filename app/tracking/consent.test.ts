import { describe, expect, it } from "vitest";
import { returnPathOf, safeRedirectPath, settingsPathOf } from "./consent";
import { consentCookie, expiredPixelCookies, readConsent, serializeConsent, shouldShowBanner } from "./consent.server";

describe("where the banner sends the visitor back", () => {
  it("accepts paths on this site, with their query and hash", () => {
    expect(safeRedirectPath("/")).toBe("/");
    expect(safeRedirectPath("/en/blog?page=2#top")).toBe("/en/blog?page=2#top");
    expect(safeRedirectPath("/dla-najemcy")).toBe("/dla-najemcy");
  });

  it("refuses anything that could leave the site", () => {
    for (const value of [
      "//evil.example",
      "/\\evil.example",
      "/.//evil.example",
      "/./\\evil.example",
      "/x/..//evil.example",
      "/%2e//evil.example",
      "/\t/evil.example",
      "\\\\evil.example",
      "https://evil.example/",
      "evil.example",
      "",
      "javascript:alert(1)",
      "/\u0000x",
      null,
      42,
      "/" + "a".repeat(3000),
    ]) {
      expect(safeRedirectPath(value), String(value)).toBeNull();
    }
  });

  it("never answers a path a browser would read as another host, however it is spelled", () => {
    const tricky = [
      "/%5C%5Cevil.example",
      "/../..//evil.example",
      "/a/../..//evil.example",
      "/././/evil.example",
      "/.\\/evil.example",
      "/\n/evil.example",
      "/\r//evil.example",
      "\\/evil.example",
      "/%2F%2Fevil.example",
      "/%2e%2e//evil.example",
    ];
    for (const value of tricky) {
      const result = safeRedirectPath(value);
      if (result === null) continue;
      // Percent-encoded slashes stay a path segment on this site; only a literal "//" or "/\\" start leaves it.
      expect(result.startsWith("//") || result.startsWith("/\\"), `${value} -> ${result}`).toBe(false);
      expect(new URL(result, "https://site.invalid").host, value).toBe("site.invalid");
    }
  });

  it("resolves dot segments that stay on the site", () => {
    expect(safeRedirectPath("/en/./blog")).toBe("/en/blog");
    expect(safeRedirectPath("/en/x/../blog?a=1")).toBe("/en/blog?a=1");
  });

  it("drops and adds the cookie-settings marker, keeping other parameters", () => {
    expect(returnPathOf("/en/blog", "?cookie-settings=1&page=2")).toBe("/en/blog?page=2");
    expect(returnPathOf("/", "?cookie-settings=1")).toBe("/");
    expect(settingsPathOf("/en/blog", "?page=2")).toBe("/en/blog?page=2&cookie-settings=1");
  });
});

describe("the consent cookie", () => {
  it("is first-party, HttpOnly, SameSite=Lax and kept for 365 days", async () => {
    const header = await serializeConsent("accept");
    expect(header).toMatch(/^consent=/);
    expect(header).toContain("Max-Age=31536000");
    expect(header).toContain("Path=/");
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
    expect(header).not.toMatch(/Domain=/i);
    expect(consentCookie.isSigned).toBe(false);
  });

  it("reads back the choice, and treats anything else as no choice", async () => {
    const cookieOf = async (choice: "accept" | "reject") => (await serializeConsent(choice)).split(";")[0]!;
    const request = (cookie?: string) =>
      new Request("http://site.test/en?cookie-settings=1", { headers: cookie ? { Cookie: cookie } : {} });
    expect(await readConsent(request(await cookieOf("accept")))).toBe("accepted");
    expect(await readConsent(request(await cookieOf("reject")))).toBe("rejected");
    expect(await readConsent(request())).toBeNull();
    expect(await readConsent(request("consent=accepted"))).toBeNull();
    expect(await readConsent(request("consent=%%%"))).toBeNull();
  });

  it("the banner shows until a choice, and again on request", () => {
    expect(shouldShowBanner(new Request("http://site.test/en"), null)).toBe(true);
    expect(shouldShowBanner(new Request("http://site.test/en"), "accepted")).toBe(false);
    expect(shouldShowBanner(new Request("http://site.test/en?cookie-settings=1"), "rejected")).toBe(true);
  });
});

describe("after Reject", () => {
  it("the pixels' own cookies are expired by the server, so it works without JS", () => {
    const headers = expiredPixelCookies();
    for (const name of ["_fbp", "_fbc", "_ttp"]) expect(headers).toContain(`${name}=; Max-Age=0; Path=/`);
    expect(headers.every((header) => header.includes("Max-Age=0"))).toBe(true);
  });
});
