import { expect, test, type Locator, type Page } from "@playwright/test";
import { pathFor, strings, type Locale } from "./support/site";

/**
 * The declaration type is a choice of two cards with radio buttons: on a phone each card
 * wraps its whole name and price (a select cut the Ukrainian name off), the keyboard moves
 * the choice, and the choice survives a refused submit with and without JavaScript.
 */
const PRICES = { regular: /299/, notarized: /399/ } as const;
const TYPES = ["regular", "notarized"] as const;

function typeGroup(page: Page, locale: Locale, required = false): Locator {
  const legend = strings(locale, "order").form.declarationType;
  return page.getByRole("group", { name: required ? `${legend} *` : legend, exact: true });
}

function card(page: Page, fieldName: string, type: string): Locator {
  return page.locator(`label[for="field-${fieldName}-${type}"]`);
}

/** Elements inside the card whose content is wider than their box: text cut off or hidden by overflow. */
function clippedParts(label: Locator): Promise<string[]> {
  return label.evaluate((element) =>
    [element, ...element.querySelectorAll("span")]
      .filter((part) => part.scrollWidth > part.clientWidth)
      .map((part) => `${part.tagName} ${part.textContent} (${part.scrollWidth} > ${part.clientWidth})`),
  );
}

test.describe("the declaration type on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("in Ukrainian at 390 px each choice shows its full name and price, nothing cut off", async ({ page }) => {
    const products = strings("uk", "common").products;
    await page.goto(pathFor("order", "uk"));
    const group = typeGroup(page, "uk");
    await expect(group.getByRole("radio")).toHaveCount(2);
    for (const type of TYPES) {
      const name: string = products[type].name;
      await expect(group.getByRole("radio", { name })).toHaveCount(1);
      const label = card(page, "declarationType", type);
      await label.scrollIntoViewIfNeeded();
      await expect(label).toBeVisible();
      await expect(label).toContainText(name);
      await expect(label).toContainText(PRICES[type]);
      await expect(label.getByText(name, { exact: true })).toBeVisible();
      expect(await clippedParts(label), type).toEqual([]);
      const box = (await label.boundingBox())!;
      expect(box.x, type).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, type).toBeLessThanOrEqual(390);
    }
  });
});

test.describe("the declaration type by keyboard", () => {
  test("one tab stop, the arrows move the choice, the focused and the chosen card stand out", async ({ page }) => {
    await page.goto(pathFor("order", "pl"));
    const regular = page.locator("#field-declarationType-regular");
    const notarized = page.locator("#field-declarationType-notarized");
    await expect(regular).toBeChecked();

    // Back from the next field, as a keyboard user moves: the focus lands on the chosen radio.
    await page.locator("#field-landlordName").click();
    await page.keyboard.press("Shift+Tab");
    await expect(regular).toBeFocused();
    await expect(regular).toHaveCSS("outline-style", "solid");
    await expect(card(page, "declarationType", "regular")).not.toHaveCSS("box-shadow", "none");
    await expect(card(page, "declarationType", "notarized")).toHaveCSS("box-shadow", "none");

    await page.keyboard.press("ArrowDown");
    await expect(notarized).toBeChecked();
    await expect(notarized).toBeFocused();
    await expect(regular).not.toBeChecked();
    await expect(card(page, "declarationType", "notarized")).not.toHaveCSS("box-shadow", "none");
    await expect(card(page, "declarationType", "regular")).toHaveCSS("box-shadow", "none");
    // The chosen card looks chosen: its border and background differ from the other card's.
    const looks = (type: string) =>
      card(page, "declarationType", type).evaluate((element) => {
        const style = getComputedStyle(element);
        return `${style.borderColor} ${style.backgroundColor}`;
      });
    expect(await looks("notarized")).not.toBe(await looks("regular"));

    await page.keyboard.press("ArrowUp");
    await expect(regular).toBeChecked();
    // The whole group is one tab stop.
    await page.keyboard.press("Tab");
    await expect(page.locator("#field-landlordName")).toBeFocused();
  });
});

test.describe("the declaration type after a refused submit", () => {
  for (const [pageId, fieldName, required] of [
    ["order", "declarationType", false],
    ["orderAutomatic", "rodzaj_oswiadczenia", true],
  ] as const) {
    test(`${pageId}: the card clicked stays chosen`, async ({ page }) => {
      const order = strings("pl", "order");
      await page.goto(pathFor(pageId, "pl"));
      // A click anywhere on the card chooses it, not only on the small circle.
      await card(page, fieldName, "notarized").getByText(PRICES.notarized).click();
      await expect(page.locator(`#field-${fieldName}-notarized`)).toBeChecked();
      await page.locator("#field-email").fill("not-an-email");
      await page.getByRole("button", { name: order.form.preview }).click();
      await expect(page.getByTestId("error-summary")).toBeVisible();
      const group = typeGroup(page, "pl", required);
      await expect(group.locator(`#field-${fieldName}-notarized`)).toBeChecked();
      await expect(group.locator(`#field-${fieldName}-regular`)).not.toBeChecked();
    });
  }
});
