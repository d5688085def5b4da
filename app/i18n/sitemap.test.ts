import { describe, expect, it } from "vitest";
import { buildRobotsTxt, buildSitemap } from "./sitemap";

describe("sitemap.xml", () => {
  const xml = buildSitemap("https://example.test");

  it("lists every page of the route table in every language", () => {
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toHaveLength(9 * 4 + 1);
    expect(locs).toContain("https://example.test/odstapienie-od-umowy");
    expect(locs).toContain("https://example.test/");
    expect(locs).toContain("https://example.test/ru/privacy");
    expect(locs).toContain("https://example.test/umowa-automatyczna");
  });

  it("leaves out the declaration's verification page, which is for a landlord holding a code (noindex)", () => {
    expect(xml).not.toContain("/weryfikacja");
    expect(xml).not.toContain("/verify");
  });

  it("gives each entry its hreflang alternates and x-default", () => {
    const entry = xml.split("<url>").find((block) => block.includes("<loc>https://example.test/en/blog</loc>"))!;
    expect(entry).toContain('hreflang="pl" href="https://example.test/blog"');
    expect(entry).toContain('hreflang="uk" href="https://example.test/uk/blog"');
    expect(entry).toContain('hreflang="x-default" href="https://example.test/blog"');
  });
});

describe("robots.txt", () => {
  it("points to the sitemap", () => {
    expect(buildRobotsTxt("https://example.test")).toContain("Sitemap: https://example.test/sitemap.xml");
  });

  it("keeps crawlers out of the back office", () => {
    expect(buildRobotsTxt("https://example.test").split("\n")).toContain("Disallow: /admin");
  });
});
