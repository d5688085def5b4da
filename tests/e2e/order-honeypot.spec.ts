import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import { fillOrderForm, validOrder } from "./support/order";
import { pathFor, strings, type Locale } from "./support/site";

/**
 * The honeypot field (name "website") is for bots only: no person sees its label, no screen
 * reader reads it, and a text browser, which shows every field, never shows it first.
 * tests/e2e/security.spec.ts checks that a bot filling it gets no order.
 */
const HONEYPOT = 'input[name="website"]';

async function expectOutOfSight(page: Page, locale: Locale, submitName: string) {
  const label: string = strings(locale, "common").honeypot;
  const trap = page.locator(HONEYPOT);
  // Still in the form, for a bot that fills every field it finds.
  await expect(trap).toHaveCount(1);
  await expect(trap).toBeHidden();
  await expect(trap).toHaveAttribute("tabindex", "-1");
  await expect(trap).toHaveAttribute("autocomplete", "off");
  await expect(trap.locator("xpath=ancestor::*[@hidden and @aria-hidden='true']")).toHaveCount(1);
  await expect(page.getByText(label)).toBeHidden();
  await expect(page.getByRole("textbox", { name: label })).toHaveCount(0);
  expect(await page.locator("body").ariaSnapshot()).not.toContain(label);
  // After the submit button, so a browser that shows it anyway never shows it first.
  const afterButton = await trap.evaluate((input, name) => {
    const button = [...(input as HTMLInputElement).form!.querySelectorAll("button")].find((candidate) => candidate.textContent === name);
    return Boolean(button && button.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING);
  }, submitName);
  expect(afterButton).toBe(true);
}

test.describe("the honeypot stays out of people's way", () => {
  for (const [pageId, locale] of [
    ["order", "pl"],
    ["order", "uk"],
    ["orderAutomatic", "pl"],
  ] as const) {
    test(`${pageId} in ${locale}: its label is not shown nor in the accessibility tree`, async ({ page }) => {
      await page.goto(pathFor(pageId, locale));
      await expectOutOfSight(page, locale, strings(locale, "order").form.preview);
    });
  }

  test("the preview's order form too", async ({ page }, testInfo) => {
    const order = strings("pl", "order");
    await page.goto(pathFor("order", "pl"));
    await fillOrderForm(page, validOrder(`honeypot-${testInfo.project.name}`));
    await page.getByRole("button", { name: order.form.preview }).click();
    await expect(page.getByTestId("contract")).toBeVisible();
    await expectOutOfSight(page, "pl", order.preview.back);
  });
});

const w3mInstalled = !spawnSync("w3m", ["-version"]).error;

test.describe("in a text browser", () => {
  test("w3m shows the order pages without the honeypot's label, the type choice first", async ({ baseURL }, testInfo) => {
    test.skip(testInfo.project.name === "js", "w3m fetches the page itself and runs no script: one run covers both projects");
    test.skip(!w3mInstalled, "w3m is not installed");
    for (const [pageId, locale] of [
      ["order", "pl"],
      ["order", "uk"],
      ["orderAutomatic", "pl"],
    ] as const) {
      const { stdout } = await promisify(execFile)(
        "w3m",
        ["-dump", "-cols", "100", "-O", "UTF-8", `${baseURL}${pathFor(pageId, locale)}`],
        {
          env: { ...process.env, LANG: "C.UTF-8" },
        },
      );
      // w3m wraps long lines: compare the text as one line.
      const text = stdout.replace(/\s+/g, " ");
      const order = strings(locale, "order");
      const products = strings(locale, "common").products;
      expect(text, pageId).toContain(order.form.preview);
      expect(text, pageId).not.toContain(strings(locale, "common").honeypot);
      // The first field of the form is the type choice: a radio button before any text box.
      const form = text.slice(text.indexOf(order.form.declarationType));
      expect(form.search(/\(\*\)|\( \)/), pageId).toBeLessThan(form.indexOf("[ "));
      for (const type of ["regular", "notarized"] as const) {
        expect(text, `${pageId} ${type}`).toContain(products[type].name);
      }
    }
  });
});
