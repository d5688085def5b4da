import { expect, test } from "@playwright/test";

test.describe("security headers", () => {
  test("documents carry a nonce-based CSP and every script uses the nonce", async ({ request }) => {
    const response = await request.get("/en/blog");
    const csp = response.headers()["content-security-policy"]!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["referrer-policy"]).toBeTruthy();
    expect(response.headers()["permissions-policy"]).toBeTruthy();

    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]).filter((tag) => !tag.includes("application/ld+json"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  test("each response gets a fresh nonce", async ({ request }) => {
    const first = (await request.get("/")).headers()["content-security-policy"];
    const second = (await request.get("/")).headers()["content-security-policy"];
    expect(first).not.toBe(second);
  });

  test("resource routes carry the headers too", async ({ request }) => {
    for (const path of ["/sitemap.xml", "/robots.txt"]) {
      const response = await request.get(path);
      expect(response.headers()["content-security-policy"]).toContain("default-src 'self'");
      expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    }
  });
});

test.describe("with JavaScript and the CSP enforced", () => {
  test("the page hydrates without CSP violations and the navbar reacts to scrolling", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "hydration needs JavaScript");
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") violations.push(message.text());
    });
    await page.goto("/en/terms");
    await page.evaluate(() => document.body.style.setProperty("min-height", "3000px"));
    const header = page.locator("header").first();
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.mouse.wheel(0, 400);
    await expect(header).toHaveAttribute("data-scrolled", "true");
    expect(violations.filter((text) => /Content Security Policy|hydrat/i.test(text))).toEqual([]);
  });
});

test.describe("sitemap and robots", () => {
  test("robots.txt points to sitemap.xml, which lists the pages with alternates", async ({ request, baseURL }) => {
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${baseURL}/uk/for-landlord</loc>`);
    expect(xml).toContain(`hreflang="x-default" href="${baseURL}/dla-wynajmujacych"`);
  });
});
