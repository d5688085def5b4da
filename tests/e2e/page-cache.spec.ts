import { expect, test } from "@playwright/test";
import { HTTP_ONLY, scrollToFaq, strings } from "./support/site";

// The pages every visitor sees alike come from a short-lived cache after their first render
// (docs/decisions/023). These tests visit each page more than once within its lifetime, so
// the later visits are answered from the cache.

const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

test("a page answered again carries its own nonce, in the header and on every script, and still works", async ({
  page,
  javaScriptEnabled,
}) => {
  const nonces = new Set<string>();
  const cacheStatuses: string[] = [];
  for (let visit = 0; visit < 3; visit++) {
    const response = await page.goto("/uk/for-tenant");
    cacheStatuses.push(response!.headers()["cache-status"] ?? "none");
    const nonce = nonceOf(response!.headers()["content-security-policy"]);
    expect(nonce).toBeTruthy();
    nonces.add(nonce!);
    const html = await response!.text();
    const scriptTags = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag).filter((tag) => !tag.includes("application/ld+json"));
    for (const tag of scriptTags) expect(tag).toContain(`nonce="${nonce}"`);
    await expect(page.locator("h1")).toHaveText(strings("uk", "tenant").heading);
  }
  expect(nonces.size).toBe(3);
  // Another test may have rendered the page first; from the second visit on it comes from the cache.
  expect(cacheStatuses.slice(1)).toEqual(["adres; hit", "adres; hit"]);

  // The home page hydrates with JavaScript (its FAQ becomes the accordion) whether or not it came from the cache.
  for (let visit = 0; visit < 2; visit++) {
    await page.goto("/en");
    await scrollToFaq(page);
    await expect(page.getByTestId("faq")).toHaveAttribute("data-enhanced", javaScriptEnabled ? "true" : "false", { timeout: 20_000 });
  }
});

test("one visitor's consent choice never reaches another's page", async ({ browser }) => {
  const texts = strings("en", "consent").banner;
  const undecided = await browser.newContext();
  const decided = await browser.newContext();
  try {
    const first = await undecided.newPage();
    await first.goto("/en/contact");
    await expect(first.getByTestId("cookie-banner")).toBeVisible();

    const chooser = await decided.newPage();
    await chooser.goto("/en/contact");
    await chooser.getByTestId("cookie-banner").getByRole("button", { name: texts.reject, exact: true }).click();
    await expect(chooser.getByTestId("cookie-banner")).toHaveCount(0);

    // Both pages are now cached, once per choice: each visitor keeps seeing their own.
    for (let round = 0; round < 2; round++) {
      const chosen = await chooser.goto("/en/contact");
      // The first round may have rendered the chooser's page; the second is answered from the cache.
      if (round === 1) expect(chosen!.headers()["cache-status"]).toBe("adres; hit");
      await expect(chooser.getByTestId("cookie-banner")).toHaveCount(0);
      const undecidedAnswer = await first.goto("/en/contact");
      expect(undecidedAnswer!.headers()["cache-status"]).toBe("adres; hit");
      await expect(first.getByTestId("cookie-banner")).toBeVisible();
    }

    // The footer's "cookie settings" link (a query string) is rendered afresh and shows the choice again.
    const settings = await chooser.goto("/en/contact?cookie-settings");
    expect(settings!.headers()["cache-status"]).toBe("adres; fwd=bypass; detail=query");
    await expect(chooser.getByTestId("cookie-banner")).toBeVisible();
  } finally {
    await undecided.close();
    await decided.close();
  }
});

test(
  "every page answer says what the cache did; a HEAD is answered from it too; a page that did not declare itself shareable is never kept",
  HTTP_ONLY,
  async ({ request }) => {
    await request.get("/en/for-landlord");
    const head = await request.head("/en/for-landlord");
    expect(head.headers()["cache-status"]).toBe("adres; hit");
    for (let visit = 0; visit < 2; visit++) {
      const order = await request.get("/en/order-declaration");
      expect(order.headers()["cache-status"]).toBe("adres; fwd=bypass; detail=route-not-shareable");
    }
    const withOtherCookie = await request.get("/en/for-landlord", { headers: { Cookie: "placed-order=x" } });
    expect(withOtherCookie.headers()["cache-status"]).toBe("adres; fwd=bypass; detail=cookie");
  },
);
