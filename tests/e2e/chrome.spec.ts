import { expect, test } from "@playwright/test";
import { ALL_PAGES, HTTP_ONLY, LOCALES, NAV_PAGES, pathFor, strings } from "./support/site";

test.describe("every page of the route table", () => {
  // Server output and CSS only; the a11y and i18n-integrity specs visit every page hydrated.
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "covered without JavaScript");
  for (const page of ALL_PAGES) {
    test(`${page.path} answers 200 in ${page.locale} with its title, links and alternates`, async ({ page: browser, baseURL }) => {
      const response = await browser.goto(page.path);
      expect(response?.status()).toBe(200);
      await expect(browser.locator("html")).toHaveAttribute("lang", page.locale);
      await expect(browser).toHaveTitle(page.title);
      await expect(browser.locator("h1")).toHaveCount(1);

      const nav = browser.getByTestId("desktop-nav");
      const common = strings(page.locale, "common");
      for (const pageId of NAV_PAGES) {
        await expect(nav.getByRole("link", { name: common.nav[pageId], exact: true })).toHaveAttribute(
          "href",
          pathFor(pageId, page.locale),
        );
      }
      await expect(nav.getByRole("link", { name: common.nav.order })).toHaveAttribute("href", pathFor("order", page.locale));

      await expect(browser.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${page.path}`);
      const alternates = browser.locator('link[rel="alternate"][hreflang]');
      const expectedAlternates = page.pageId === "orderAutomatic" ? 2 : LOCALES.length + 1;
      await expect(alternates).toHaveCount(expectedAlternates);
      await expect(browser.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
        "href",
        `${baseURL}${pathFor(page.pageId, "pl")}`,
      );
      await expect(browser.locator('meta[property="og:title"]')).toHaveAttribute("content", page.title);
      await expect(browser.locator('meta[name="description"]')).toHaveAttribute("content", /.{20,}/);
    });
  }
});

test.describe("language switcher", () => {
  test("goes to the same page in the chosen language", async ({ page }) => {
    await page.goto("/dla-najemcy");
    const switcher = page.getByTestId("language-switcher");
    await switcher.locator("summary").click();
    await switcher.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/en\/for-tenant$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    await page.getByTestId("language-switcher").locator("summary").click();
    await page.getByTestId("language-switcher").getByRole("link", { name: "Українська" }).click();
    await expect(page).toHaveURL(/\/uk\/for-tenant$/);
    await expect(page.locator("h1")).toHaveText(strings("uk", "tenant").heading);
  });

  test("shows the current language with its name and does not link to it", async ({ page }) => {
    await page.goto("/ru/contact");
    const switcher = page.getByTestId("language-switcher");
    await expect(switcher.locator("summary")).toContainText("Русский");
    await switcher.locator("summary").click();
    await expect(switcher.getByRole("link")).toHaveCount(3);
    await expect(switcher.locator('[aria-current="true"]')).toHaveText("Русский");
  });

  test("falls back to the language's home from a page without an equivalent", async ({ page }) => {
    await page.goto("/nie-ma-takiej-strony");
    await page.getByTestId("language-switcher").locator("summary").click();
    await page.getByTestId("language-switcher").getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/en$/);
  });
});

test.describe("mobile navigation", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the menu button opens a side panel with every link", async ({ page }) => {
    await page.goto("/uk");
    await expect(page.getByTestId("desktop-nav")).toBeHidden();
    const menu = page.getByTestId("mobile-menu");
    const common = strings("uk", "common");
    await expect(menu.getByRole("link", { name: common.nav.tenant })).toBeHidden();
    await menu.locator("summary").click();
    for (const pageId of NAV_PAGES) {
      await expect(menu.getByRole("link", { name: common.nav[pageId], exact: true })).toBeVisible();
    }
    await expect(menu.getByRole("link", { name: common.nav.order })).toBeVisible();
    await menu.getByRole("link", { name: common.nav.landlord }).click();
    await expect(page).toHaveURL(/\/uk\/for-landlord$/);
    await expect(page.locator("h1")).toHaveText(strings("uk", "landlord").heading);
  });
});

test.describe("unknown paths", () => {
  for (const [locale, path] of [
    ["pl", "/nie-ma-takiej-strony"],
    ["en", "/en/no-such-page/deeper"],
    ["uk", "/uk/no-such-page"],
    ["ru", "/ru/order-declaration/extra"],
  ] as const) {
    test(`${locale}: an unknown path is a 404 page in its language, with links back`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      const notFound = strings(locale, "common").notFound;
      await expect(page).toHaveTitle(notFound.title);
      await expect(page.locator("h1")).toHaveText(notFound.heading);
      const links = page.getByRole("region", { name: notFound.heading });
      await expect(links.getByRole("link", { name: notFound.order })).toHaveAttribute("href", pathFor("order", locale));
      await links.getByRole("link", { name: notFound.home }).click();
      await expect(page).toHaveURL(new RegExp(`${pathFor("home", locale)}$`));
      await expect(page.locator("h1")).toHaveText(strings(locale, "home").heading);
    });
  }
});

test.describe("footer and social widget", () => {
  test("the footer links resolve in the page's language", async ({ page }) => {
    await page.goto("/en/contact");
    const footer = page.locator("footer");
    const common = strings("en", "common");
    await expect(footer.getByRole("link", { name: common.footer.tenant })).toHaveAttribute("href", "/en/for-tenant");
    await expect(footer.getByRole("link", { name: common.footer.terms })).toHaveAttribute("href", "/en/terms");
    await expect(footer.getByRole("link", { name: common.footer.privacy })).toHaveAttribute("href", "/en/privacy");
    await expect(footer.getByRole("link", { name: common.footer.order })).toHaveAttribute("href", "/en/order-declaration");
    await expect(footer.locator('a[href^="tel:"]')).toHaveCount(1);
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(footer).toContainText("Szczecin");
  });

  for (const [locale, price, shareCapital] of [
    ["pl", "299 zł", "5000 zł"],
    ["en", "PLN 299", "PLN 5,000"],
  ] as const) {
    test(`${locale}: the share capital in the footer is written the way the prices are`, async ({ page }) => {
      await page.goto(pathFor("home", locale));
      await expect(page.getByTestId("pricing-price-regular")).toHaveText(price);
      const common = strings(locale, "common");
      await expect(page.getByTestId("footer-registry")).toHaveText(
        common.footer.registry
          .replace("{{krs}}", "0000000000")
          .replace("{{taxId}}", "000-000-00-00")
          .replace("{{shareCapital}}", shareCapital),
      );
    });
  }

  test("the social widget opens each network in a new tab with the Polish labels", async ({ page }) => {
    await page.goto("/");
    const widget = page.getByTestId("social-widget");
    for (const label of ["Odwiedź nas na Facebooku", "Odwiedź nas na Instagramie", "Odwiedź nas na TikTok"]) {
      const link = widget.getByRole("link", { name: label });
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
  });
});

test.describe("the binding Polish terms, reached from the Ukrainian site", () => {
  test("have a Polish header and footer, with no Ukrainian left over", async ({ page }) => {
    await page.goto(pathFor("terms", "uk"));
    // The Ukrainian terms say the Polish text is the binding one; the way there is the language switcher.
    const switcher = page.getByTestId("language-switcher");
    await switcher.locator("summary").click();
    await switcher.getByRole("link", { name: "Polski" }).click();
    await expect(page).toHaveURL(new RegExp(`${pathFor("terms", "pl")}$`));
    await expect(page.locator("html")).toHaveAttribute("lang", "pl");
    await expect(page.locator("h1")).toHaveText(strings("pl", "terms").heading);

    const common = strings("pl", "common");
    const header = page.locator("header");
    for (const pageId of NAV_PAGES) {
      await expect(header.getByTestId("desktop-nav").getByRole("link", { name: common.nav[pageId], exact: true })).toBeVisible();
    }
    await expect(header.getByTestId("language-switcher").locator("summary")).toContainText("Polski");

    const footer = page.locator("footer");
    for (const heading of [common.footer.linksHeading, common.footer.contactHeading, common.footer.socialHeading]) {
      await expect(footer.getByRole("heading", { name: heading })).toBeVisible();
    }
    for (const key of ["tenant", "blog", "order", "terms", "privacy"] as const) {
      await expect(footer.getByRole("link", { name: common.footer[key], exact: true })).toHaveAttribute("href", pathFor(key, "pl"));
    }
    await expect(footer).toContainText(common.footer.rights);
    await expect(footer.getByTestId("cookie-settings-link")).toHaveText(strings("pl", "consent").settingsLink);
    // Not one Cyrillic letter in the page's chrome.
    expect(await header.innerText()).not.toMatch(/\p{Script=Cyrillic}/u);
    expect(await footer.innerText()).not.toMatch(/\p{Script=Cyrillic}/u);
  });
});

test.describe("without JavaScript every page is reachable from the navigation", () => {
  // Server output and CSS only; the a11y and i18n-integrity specs visit every page hydrated.
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "covered without JavaScript");
  for (const locale of LOCALES) {
    test(`nav, footer and home link reach each ${locale} page`, async ({ page }) => {
      const asPattern = (path: string) => new RegExp(`${path.replace(/\//g, "\\/")}$`);
      await page.goto(pathFor("home", locale));
      for (const pageId of [...NAV_PAGES, "order", "terms", "privacy"] as const) {
        const path = pathFor(pageId, locale);
        await page.locator(`header a[href="${path}"], footer a[href="${path}"]`).first().click();
        await expect(page).toHaveURL(asPattern(path));
        await page
          .locator("header")
          .getByRole("link", { name: strings(locale, "common").productName })
          .click();
        await expect(page).toHaveURL(asPattern(pathFor("home", locale)));
      }
    });
  }
});

test.describe("the navbar fits every width in every language", () => {
  // Server output and CSS only; the a11y and i18n-integrity specs visit every page hydrated.
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "covered without JavaScript");
  for (const width of [360, 768, 1024, 1280]) {
    test(`nothing in the header is cut off at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const locale of LOCALES) {
        await page.goto(pathFor("landlord", locale));
        const overflow = await page.locator("header > div").evaluate((row) => row.scrollWidth - row.clientWidth);
        expect(overflow, `${locale} at ${width}px`).toBeLessThanOrEqual(0);
      }
    });
  }
});

test.describe("unexpected errors", () => {
  for (const [path, locale] of [
    ["/dla-najemcy", "pl"],
    ["/en/for-tenant", "en"],
    ["/uk/blog", "uk"],
  ] as const) {
    test(`show the error screen in ${locale} with the status and no stack trace`, HTTP_ONLY, async ({ request }) => {
      // A POST to a page without a form is a real request browsers and bots send.
      const response = await request.post(path, { form: { anything: "1" } });
      expect(response.status()).toBe(405);
      const html = await response.text();
      const error = strings(locale, "error");
      expect(html).toContain(`<html lang="${locale}"`);
      expect(html).toContain(error.heading);
      expect(html).toContain(`<title>${error.title}</title>`);
      expect(html).toContain(error.status.replace("{status}", "405"));
      expect(html).not.toMatch(/at \S+ \(|node_modules|Error:\s+at/);
      // Drawn before the root loader ran, from strings only the server holds: nothing for the browser to hydrate.
      expect(html).not.toContain("/build/entry.client");
    });
  }
});

test.describe("social links on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("no widget floats over the page; the footer carries the three links", async ({ page }) => {
    await page.goto("/uk");
    await expect(page.getByTestId("social-widget")).toBeHidden();
    const footer = page.locator("footer");
    for (const key of ["facebook", "instagram", "tiktok"] as const) {
      const link = footer.getByRole("link", { name: strings("uk", "common").social[key] });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("target", "_blank");
    }
  });
});
