import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { expect, test } from "@playwright/test";
import { countOrders } from "./support/order";
import { HTTP_ONLY } from "./support/site";

test.describe("security headers", HTTP_ONLY, () => {
  test("documents carry a nonce-based CSP and every script uses the nonce", async ({ request }) => {
    const response = await request.get("/en");
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
    // The terms page loads no script (docs/decisions/013); the order page hydrates.
    await page.goto("/en/order-declaration");
    await page.evaluate(() => document.body.style.setProperty("min-height", "3000px"));
    const header = page.locator("header").first();
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.mouse.wheel(0, 400);
    await expect(header).toHaveAttribute("data-scrolled", "true");
    expect(violations.filter((text) => /Content Security Policy|hydrat/i.test(text))).toEqual([]);
  });
});

test.describe("sitemap and robots", HTTP_ONLY, () => {
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

test.describe("methods other than GET, HEAD and POST", HTTP_ONLY, () => {
  test("PUT, PATCH and DELETE get 405 with Allow before any action runs, JSON from the API, and place no order", async ({
    request,
  }, testInfo) => {
    const name = `Method ${testInfo.project.name} ${Date.now()}`;
    const before = countOrders(name);
    const order = {
      imie_nazwisko_najemcy: name,
      email: "m@example.com",
      telefon: "600100200",
      adres_najemcy: "ul. B 2, 00-001 Warszawa",
      adres_eksmisji: "ul. A 1, 70-001 Szczecin",
      rodzaj_oswiadczenia: "regular",
      okres_najmu_dni: 90,
    };
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const page = await request.fetch("/en/order-declaration", { method, form: { intent: "accept", tenantName: name } });
      expect(page.status(), method).toBe(405);
      expect(page.headers().allow).toBe("GET, HEAD, POST");
      const api = await request.fetch("/api/accept", { method, data: order });
      expect(api.status(), method).toBe(405);
      expect(api.headers().allow).toBe("POST");
      expect((await api.json()).success).toBe(false);
    }
    expect(countOrders(name)).toBe(before);
  });
});

test.describe("behind a proxy that rewrites Host", HTTP_ONLY, () => {
  test("a form POST from our own pages is answered, never with a 500, whatever Host says", async ({ baseURL }) => {
    const { port } = new URL(baseURL!);
    const post = (path: string, body: string) =>
      new Promise<number>((resolve, reject) => {
        const headers = {
          Host: "backend:8080",
          Origin: baseURL!,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(Buffer.byteLength(body)),
        };
        httpRequest({ host: "127.0.0.1", port: Number(port), path, method: "POST", headers }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
          .on("error", reject)
          .end(body);
      });
    // The no-JavaScript order form (a preview with missing fields: 400 with the page) and the back office's sign-in.
    expect(await post("/en/order-declaration", "intent=preview&tenantName=Proxy")).toBe(400);
    expect(await post("/admin/login", "email=nobody%40adres.test&password=wrong")).toBeLessThan(500);
  });
});

test.describe("requests from other sites and oversized bodies", () => {
  const form = { intent: "accept", declarationType: "regular", tenantName: "Cross Site", token: "v1.1.x.y" };

  test(
    "a form POST from another site or an opaque origin gets 403 with no trace, also as a data request, and creates nothing",
    HTTP_ONLY,
    async ({ request }) => {
      for (const path of [
        "/zamowienie-oswiadczenia",
        "/zamowienie-oswiadczenia?_data=order.pl",
        "/en/order-declaration",
        "/consent",
        "/tracking/event",
      ]) {
        for (const origin of ["null", "https://evil.example"]) {
          const response = await request.post(path, { form, headers: { Origin: origin }, maxRedirects: 0 });
          expect(response.status(), `${path} from ${origin}`).toBe(403);
          expect(await response.text()).not.toMatch(/\bat .+\(|Error:/);
        }
      }
    },
  );

  test("the JSON API refuses another site's text/plain body and any non-JSON body", HTTP_ONLY, async ({ request }) => {
    const body = JSON.stringify({
      imie_nazwisko_najemcy: "Cross Site",
      email: "x@example.com",
      telefon: "600100200",
      adres_najemcy: "a",
      adres_eksmisji: "b",
      rodzaj_oswiadczenia: "regular",
      okres_najmu_dni: 90,
    });
    const crossSite = await request.post("/api/accept", {
      data: body,
      headers: { "Content-Type": "text/plain", Origin: "https://evil.example" },
    });
    expect(crossSite.status()).toBe(403);
    const plainText = await request.post("/api/accept", { data: body, headers: { "Content-Type": "text/plain" } });
    expect(plainText.status()).toBe(415);
  });

  test("bodies over 64 KiB get 413 without being read, on every POST route", HTTP_ONLY, async ({ request }) => {
    const big = "x".repeat(70 * 1024);
    for (const path of ["/zamowienie-oswiadczenia", "/consent", "/tracking/event", "/api/preview"]) {
      const response = await request.post(path, { data: big, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
      expect(response.status(), path).toBe(413);
      if (path === "/consent" || path === "/tracking/event") expect(await response.text(), path).toContain("Formularz jest zbyt duży");
    }
  });

  test(
    "a big body still being sent gets its 413 answer, not a connection reset, with or without a declared length",
    HTTP_ONLY,
    async ({ baseURL }) => {
      const { hostname, port } = new URL(baseURL!);
      // A raw socket that keeps sending 4 MB in 64 KiB pieces and records the status line it receives.
      const statusOfHugePost = (path: string, declareLength: boolean) =>
        new Promise<string>((resolve) => {
          const total = 4 * 1024 * 1024;
          const piece = Buffer.alloc(64 * 1024, "a");
          const socket = connect(Number(port), hostname);
          let received = "";
          let sent = 0;
          const done = () => {
            resolve(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? "no answer");
            socket.destroy();
          };
          socket.on("data", (data) => {
            received += data.toString("latin1");
            if (received.includes("\r\n\r\n")) done();
          });
          socket.on("error", () => undefined);
          socket.on("close", done);
          socket.write(
            `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${baseURL}\r\nContent-Type: application/x-www-form-urlencoded\r\n${declareLength ? `Content-Length: ${total}` : "Transfer-Encoding: chunked"}\r\n\r\n`,
          );
          const frame = declareLength
            ? piece
            : Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]);
          const more = () => {
            while (!socket.destroyed && sent < total) {
              sent += piece.length;
              if (!socket.write(frame)) return void socket.once("drain", more);
            }
            if (!socket.destroyed && !declareLength) socket.write("0\r\n\r\n");
          };
          more();
        });
      for (const path of ["/consent", "/tracking/event"]) {
        for (const declareLength of [true, false]) {
          const statuses = await Promise.all(Array.from({ length: 5 }, () => statusOfHugePost(path, declareLength)));
          expect(statuses, `${path}, ${declareLength ? "Content-Length" : "chunked"}`).toEqual(["413", "413", "413", "413", "413"]);
        }
      }
    },
  );

  test("the consent form never redirects off the site", HTTP_ONLY, async ({ request }) => {
    for (const target of ["/.//evil.example", "//evil.example", "/\\evil.example", "/x/..//evil.example", "https://evil.example/"]) {
      const response = await request.post("/consent", { form: { choice: "reject", redirectTo: target }, maxRedirects: 0 });
      expect(response.status(), target).toBe(400);
    }
    const ok = await request.post("/consent", { form: { choice: "reject", redirectTo: "/en/blog?x=1" }, maxRedirects: 0 });
    expect(ok.status()).toBe(303);
    expect(ok.headers().location).toBe("/en/blog?x=1");
  });
});

test.describe("URL variants", () => {
  test(
    "a path differing only by letter case or a trailing slash is redirected permanently to the canonical one, keeping the query",
    HTTP_ONLY,
    async ({ request }) => {
      for (const [variant, canonical] of [
        ["/En/Contact?ref=x", "/en/contact?ref=x"],
        ["/DLA-NAJEMCY", "/dla-najemcy"],
        ["/blog/", "/blog"],
        ["/en/blog/?page=2", "/en/blog?page=2"],
        ["/UK", "/uk"],
      ]) {
        const response = await request.get(variant!, { maxRedirects: 0 });
        expect(response.status(), variant).toBe(301);
        expect(response.headers().location, variant).toBe(canonical);
      }
    },
  );

  test("no such URL shows raw translation keys: the browser lands on the right page in the right language", async ({ page }) => {
    await page.goto("/En/Contact");
    await expect(page).toHaveURL(/\/en\/contact$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("body")).not.toContainText(/\b(meta|heading|lead|nav|footer)\.[a-z]+/);
  });
});

test.describe("the honeypot", () => {
  test("people never see or reach it; a bot that fills it gets an ordinary redirect and no order", async ({ page, request }) => {
    await page.goto("/zamowienie-oswiadczenia");
    const trap = page.locator('input[name="website"]');
    await expect(trap).toHaveAttribute("tabindex", "-1");
    await expect(trap).toHaveAttribute("autocomplete", "off");
    await expect(trap.locator("xpath=ancestor::*[@aria-hidden='true']")).toHaveCount(1);
    await expect(trap).not.toBeInViewport();

    const name = `Bot ${Date.now()}`;
    const bot = await request.post("/zamowienie-oswiadczenia", {
      form: { intent: "accept", tenantName: name, website: "http://spam.example", token: "v1.1.AAAAAAAAAAAAAAAAAAAAAA.x" },
      maxRedirects: 0,
    });
    expect(bot.status()).toBe(303);
    expect(bot.headers().location).toBe("/");
    expect(countOrders(name)).toBe(0);
  });
});
