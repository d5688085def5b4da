import { expect, test } from "@playwright/test";
import { strings } from "./support/site";

// The pages every visitor sees alike come from a short-lived cache after their first render
// (docs/decisions/023). These tests visit each page more than once within its lifetime, so
// the later visits are answered from the cache.

const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

test("a page answered again carries its own nonce, in the header and on every script, and still works", async ({ page, javaScriptEnabled }) => {
  const nonces = new Set<string>();
  for (let visit = 0; visit < 3; visit++) {
    const response = await page.goto("/uk/for-tenant");
    const nonce = nonceOf(response!.headers()["content-security-policy"]);
    expect(nonce).toBeTruthy();
    nonces.add(nonce!);
    const html = await response!.text();
    const scriptTags = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag).filter((tag) => !tag.includes("application/ld+json"));
    for (const tag of scriptTags) expect(tag).toContain(`nonce="${nonce}"`);
    await expect(page.locator("h1")).toHaveText(strings("uk", "tenant").heading);
  }
  expect(nonces.size).toBe(3);

  // The home page hydrates with JavaScript (its FAQ becomes the accordion) whether or not it came from the cache.
  for (let visit = 0; visit < 2; visit++) {
    await page.goto("/en");
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
      await chooser.goto("/en/contact");
      await expect(chooser.getByTestId("cookie-banner")).toHaveCount(0);
      await first.goto("/en/contact");
      await expect(first.getByTestId("cookie-banner")).toBeVisible();
    }

    // The footer's "cookie settings" link (a query string) is rendered afresh and shows the choice again.
    await chooser.goto("/en/contact?cookie-settings");
    await expect(chooser.getByTestId("cookie-banner")).toBeVisible();
  } finally {
    await undecided.close();
    await decided.close();
  }
});
