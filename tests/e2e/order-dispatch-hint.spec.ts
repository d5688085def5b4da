import { expect, test } from "@playwright/test";
import { pathFor, strings } from "./support/site";

/*
 * The dispatch dates under the declaration type come from the page's loader; a refused submit
 * without JavaScript is a 400 page rendered without it, so the dates must travel with the answer.
 */
test.describe("the dispatch dates under the declaration type", () => {
  for (const [pageId, locale, fieldName] of [
    ["order", "pl", "declarationType"],
    ["order", "uk", "declarationType"],
    ["orderAutomatic", "pl", "rodzaj_oswiadczenia"],
  ] as const) {
    test(`${pageId} in ${locale}: still shown, word for word, after a refused submit`, async ({ page }) => {
      const order = strings(locale, "order");
      await page.goto(pathFor(pageId, locale));
      const hint = page.locator(`#field-${fieldName}-description`);
      await expect(hint).toContainText(order.form.dispatchHint.split("{{")[0].trim());
      const before = await hint.innerText();
      // Filled in: two dates, no placeholder left.
      expect(before).not.toContain("{{");
      expect(before.match(/\d{1,2}/g)?.length).toBeGreaterThanOrEqual(2);

      await page.locator(`#field-${fieldName}-notarized`).check();
      await page.locator("#field-email").fill("not-an-email");
      await page.getByRole("button", { name: order.form.preview }).click();
      await expect(page.getByTestId("error-summary")).toBeVisible();

      await expect(hint).toBeVisible();
      await expect(hint).toHaveText(before);
      // Still the choice's description for a screen reader too.
      const legend = order.form.declarationType;
      await expect(
        page.getByRole("group", { name: pageId === "orderAutomatic" ? `${legend} *` : legend, exact: true }),
      ).toHaveAccessibleDescription(before.replace(/\s+/g, " ").trim());
    });
  }
});
