import { expect, test, type Page } from "@playwright/test";
import { ALL_PAGES, LOCALES, pathFor, strings, type Locale } from "./support/site";

/**
 * Phones from 360 to 414 px: nothing floats over content, the cookie
 * banner keeps to a quarter of the first screen, the language switcher names each
 * language in its own words, no heading breaks out of its box and the toast region is
 * labelled in the page's language.
 */
const PHONES = [
  { width: 360, height: 640 },
  { width: 414, height: 896 },
] as const;

type Box = { left: number; top: number; right: number; bottom: number; label: string };

/** Boxes of every fixed element except the navbar (which the page leaves room for) and the toast region (empty until a message). */
async function floatingBoxes(page: Page): Promise<Box[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter(
        (element) => getComputedStyle(element).position === "fixed" && !element.closest("header") && !element.closest("section[aria-live]"),
      )
      .map((element) => ({ element, rect: element.getBoundingClientRect() }))
      .filter(({ element, rect }) => rect.width > 0 && rect.height > 0 && getComputedStyle(element).visibility !== "hidden")
      .map(({ element, rect }) => ({
        left: rect.left,
        top: rect.top,
        right: rect.right,
        bottom: rect.bottom,
        label: `${element.tagName}[data-testid=${element.getAttribute("data-testid")}]`,
      })),
  );
}

/**
 * Content a floating element must never cover: headings, buttons, inputs, links and text in the main
 * column, as far as it can be seen (a carousel's slides beyond its edge are clipped, not covered).
 */
async function contentBoxes(page: Page): Promise<Box[]> {
  return page.locator("main").evaluate((main) =>
    [...main.querySelectorAll("h1, h2, p, a, button, input, select, textarea, label")]
      .map((element) => {
        const own = element.getBoundingClientRect();
        const rect = { left: own.left, top: own.top, right: own.right, bottom: own.bottom, width: 0, height: 0 };
        for (let ancestor = element.parentElement; ancestor && ancestor !== main; ancestor = ancestor.parentElement) {
          const style = getComputedStyle(ancestor);
          if (style.overflowX === "visible" && style.overflowY === "visible") continue;
          const clip = ancestor.getBoundingClientRect();
          rect.left = Math.max(rect.left, clip.left);
          rect.top = Math.max(rect.top, clip.top);
          rect.right = Math.min(rect.right, clip.right);
          rect.bottom = Math.min(rect.bottom, clip.bottom);
        }
        rect.width = rect.right - rect.left;
        rect.height = rect.bottom - rect.top;
        return { element, rect };
      })
      .filter(({ rect }) => rect.width > 0 && rect.height > 0)
      .map(({ element, rect }) => ({
        left: rect.left,
        top: rect.top,
        right: rect.right,
        bottom: rect.bottom,
        label: `${element.tagName} "${(element.textContent ?? "").trim().slice(0, 40)}"`,
      })),
  );
}

const intersects = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The fixed boxes stay put while the page scrolls; check them against the content at several scroll positions. */
async function coveredContent(page: Page): Promise<string[]> {
  const covered: string[] = [];
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const viewport = page.viewportSize()!;
  for (let y = 0; y < height; y += Math.floor(viewport.height / 2)) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    const [floating, content] = [await floatingBoxes(page), await contentBoxes(page)];
    for (const box of floating)
      for (const item of content) if (intersects(box, item)) covered.push(`${box.label} covers ${item.label} at scroll ${y}`);
  }
  return covered;
}

const SHORT_NAMES: Record<Locale, string> = { pl: "Pol", en: "Eng", uk: "Укр", ru: "Рус" };

/** The cookie banner on the home page's first screen: at most a quarter of it, its two choices alike. */
async function expectBannerFits(page: Page, locale: Locale, viewport: { width: number; height: number }): Promise<void> {
  const banner = page.getByTestId("cookie-banner");
  await expect(banner.getByRole("heading", { level: 2, name: strings(locale, "consent").banner.title })).toBeVisible();
  const height = (await banner.boundingBox())!.height;
  expect(height, `${height}px of ${viewport.height}px`).toBeLessThanOrEqual(viewport.height / 4);

  const texts = strings(locale, "consent").banner;
  const [accept, reject] = [
    banner.getByRole("button", { name: texts.accept, exact: true }),
    banner.getByRole("button", { name: texts.reject, exact: true }),
  ];
  const [a, r] = [(await accept.boundingBox())!, (await reject.boundingBox())!];
  expect(Math.abs(a.width - r.width)).toBeLessThan(1);
  expect(Math.abs(a.height - r.height)).toBeLessThan(1);
  expect(Math.abs(a.y - r.y)).toBeLessThan(1);
  expect(await accept.getAttribute("class")).toBe(await reject.getAttribute("class"));
  const weight = (locator: typeof accept) => locator.evaluate((element) => getComputedStyle(element).fontWeight);
  expect(await weight(accept)).toBe(await weight(reject));
}

/** The first screens the banner is checked on; the one a phone below shares is checked in that phone's test. */
const BANNER_SCREENS = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
] as const;
const sameScreen = (a: { width: number; height: number }, b: { width: number; height: number }) =>
  a.width === b.width && a.height === b.height;

for (const phone of PHONES) {
  const bannerScreen = BANNER_SCREENS.find((screen) => sameScreen(screen, phone));
  test.describe(`at ${phone.width} px`, () => {
    test.use({ viewport: phone });

    // One visit of each page serves every check of it (decision 093): home, then the order form, then contact.
    for (const locale of LOCALES) {
      test(`${locale}: the language switcher names the language in its own words${bannerScreen ? ", the cookie banner keeps to a quarter of the screen with equal choices" : ""}, nothing floats over the hero, the order form or its button, and the toast region is labelled in the page's language`, async ({
        page,
      }) => {
        await page.goto(pathFor("home", locale));
        const label = page.getByTestId("language-short-name");
        await expect(label).toBeVisible();
        await expect(label).toHaveText(SHORT_NAMES[locale]);
        // "UK" would read as the United Kingdom.
        expect((await label.innerText()).trim().toUpperCase()).not.toBe("UK");
        if (bannerScreen) await expectBannerFits(page, locale, bannerScreen);

        expect(await coveredContent(page), `home in ${locale}`).toEqual([]);
        await page.goto(pathFor("order", locale));
        expect(await coveredContent(page), `order in ${locale}`).toEqual([]);
        // The social links stay reachable, in the footer.
        await expect(page.locator("footer").getByRole("link", { name: strings(locale, "common").social.facebook })).toBeVisible();

        await page.goto(pathFor("contact", locale));
        // Present in the server HTML (the no-js project sees only that), so a later message is announced.
        const region = page.getByRole("region", { name: strings(locale, "common").notifications, exact: true });
        await expect(region).toHaveCount(1);
        await expect(region).toHaveAttribute("aria-live", "polite");
      });
    }

    for (const locale of ["uk", "ru"] as const) {
      test(`${locale}: no heading is wider than its box on any page`, async ({ page }) => {
        const problems: string[] = [];
        for (const { path } of ALL_PAGES.filter((entry) => entry.locale === locale)) {
          await page.goto(path);
          problems.push(
            ...(await page.evaluate(() => {
              const found: string[] = [];
              if (document.documentElement.scrollWidth > window.innerWidth)
                found.push(`${location.pathname}: the page scrolls sideways (${document.documentElement.scrollWidth}px)`);
              for (const heading of document.querySelectorAll("h1, h2, h3, h4")) {
                const box = heading.parentElement!.getBoundingClientRect();
                const own = heading.getBoundingClientRect();
                if (heading.scrollWidth > heading.clientWidth + 1 || own.right > box.right + 1 || own.right > window.innerWidth) {
                  found.push(
                    `${location.pathname}: "${heading.textContent}" is ${heading.scrollWidth}px wide in a ${Math.round(box.width)}px box`,
                  );
                }
              }
              return found;
            })),
          );
        }
        expect(problems).toEqual([]);
      });
    }
  });
}

test.describe("the cookie banner on a phone's first screen", () => {
  for (const viewport of BANNER_SCREENS.filter((screen) => !PHONES.some((phone) => sameScreen(phone, screen)))) {
    for (const locale of LOCALES) {
      test(`${locale} at ${viewport.width}×${viewport.height}: at most a quarter of the screen, with equal choices`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(pathFor("home", locale));
        await expectBannerFits(page, locale, viewport);
      });
    }
  }
});

test.describe("the social widget on a wide screen", () => {
  for (const width of [1280, 1440]) {
    test(`sits at the bottom right at ${width} px, in the margin beside the content`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const pageId of ["home", "order", "contact"] as const) {
        await page.goto(pathFor(pageId, "pl"));
        const widget = page.getByTestId("social-widget");
        await expect(widget).toBeVisible();
        const box = (await widget.boundingBox())!;
        expect(box.x + box.width).toBeGreaterThan(width - 40);
        expect(await coveredContent(page), pageId).toEqual([]);
      }
    });
  }
});
