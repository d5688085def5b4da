import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { expect, test, type Page } from "@playwright/test";
import { ownSitePort, stopOwnSite } from "./support/own-server";
import { startInPostSite } from "./support/inpost";
import { filled, LOCALES, pathFor, scrollToFaq, strings, type Locale } from "./support/site";

/**
 * The home page names both ways of delivery while InPost parcel lockers are offered (issue 45,
 * item 11): a courier to the customer's address or the parcel locker they choose. A site of its own
 * has INPOST_POINTS_URL set; the suite's own site has not, and keeps the courier-only words.
 */
// Each project has its own site and stand-in: the two projects may run this spec at the same time.
// One site (and stand-in) per project: every test of the file runs in the worker that started them.
test.describe.configure({ mode: "default" });
const sitePort = (project: string) => ownSitePort(project === "js" ? 150 : 151);
const standInPort = (project: string) => ownSitePort(project === "js" ? 152 : 153);
let base: string;
let site: ChildProcess;
let standIn: ChildProcess;

test.use({ viewport: { width: 390, height: 844 } });

test.beforeAll(async ({}, testInfo) => {
  const project = testInfo.project.name;
  const databasePath = join(mkdtempSync(join(tmpdir(), "home-lockers-e2e-")), "app.db");
  ({ site, standIn, base } = await startInPostSite(sitePort(project), standInPort(project), databasePath));
});
test.afterAll(async () => {
  await stopOwnSite(site);
  await stopOwnSite(standIn, "SIGTERM");
});

type Wording = { steps: string; whyUs: string; regular: string; notarized: string; answers: [string, string] };

/** The home page's delivery wording in `locale`: the courier-only copy, or its `_locker` form. */
function wording(locale: Locale, lockers: boolean): Wording {
  const home = strings(locale, "home");
  const suffix = lockers ? "_locker" : "";
  const answer = (index: number) => filled(home.faq.items[index][`answer${suffix}`], {}, locale);
  return {
    steps: home.howItWorks.steps[2][`text${suffix}`],
    whyUs: home.whyUs.items[2][`text${suffix}`],
    regular: home.pricing.features[`regular${suffix}`].at(-1),
    notarized: home.pricing.features[`notarized${suffix}`].at(-1),
    answers: [answer(1), answer(2)],
  };
}

/** Each place reads the expected wording; with JavaScript the FAQ is an accordion, so its questions are opened. */
async function expectWording(page: Page, locale: Locale, expected: Wording, javaScriptEnabled: boolean) {
  await expect(page.locator("#how-it-works").getByText(expected.steps, { exact: true })).toBeVisible();
  await expect(page.locator("#why-us").getByText(expected.whyUs, { exact: true })).toBeVisible();
  await expect(page.getByTestId("pricing-card-regular").getByText(expected.regular, { exact: true })).toBeVisible();
  await expect(page.getByTestId("pricing-card-notarized").getByText(expected.notarized, { exact: true })).toBeVisible();
  const questions = strings(locale, "home").faq.items as Array<{ question: string }>;
  if (javaScriptEnabled) {
    await scrollToFaq(page);
    await expect(page.getByTestId("faq")).toHaveAttribute("data-enhanced", "true");
  }
  for (const [index, answer] of [1, 2].map((item, position) => [item, expected.answers[position]!] as const)) {
    if (javaScriptEnabled) await page.getByRole("button", { name: questions[index]!.question }).click();
    await expect(page.getByTestId("faq").getByText(answer, { exact: true })).toBeVisible();
  }
}

for (const locale of LOCALES) {
  test(`${locale}: with parcel lockers offered, the home page names the courier and the InPost parcel locker`, async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto(`${base}${pathFor("home", locale)}`);
    await expectWording(page, locale, wording(locale, true), javaScriptEnabled);
    // No place keeps the courier-only sentence.
    const courierOnly = wording(locale, false);
    for (const text of [courierOnly.steps, courierOnly.whyUs, courierOnly.regular])
      await expect(page.getByText(text, { exact: true })).toHaveCount(0);
  });

  test(`${locale}: without parcel lockers, the home page keeps the courier-only words`, async ({ page, javaScriptEnabled }) => {
    await page.goto(pathFor("home", locale));
    await expectWording(page, locale, wording(locale, false), javaScriptEnabled);
    await expect(page.locator("main")).not.toContainText("InPost");
  });
}
