import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createOperator, openOrder, placeOrder, signIn, uniqueOperatorEmail, useOwnClientAddress } from "./support/admin";

/**
 * "Statystyki" in both projects (js and no-js): the figures and the charts are plain HTML and SVG
 * drawn on the server, and the sales register is a GET form's download. The suite's database holds
 * other specs' orders too, so this spec reads the figures' shape and its own order's row.
 */
/** "598 zł", "12 345,50 zł": formatPrice's Polish, with its no-break spaces. */
const ZLOTY = "\\d[\\d\\u00a0]*(,\\d\\d)?\\u00a0zł";
const warsaw = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("pl-PL", { timeZone: "Europe/Warsaw", ...options });

async function noSidewaysScroll(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `at ${width} px`).toBeLessThanOrEqual(width);
}

test("the operator reads the month in figures, with charts and their text, and downloads the month's sales register", async ({
  page,
  request,
  javaScriptEnabled,
}, testInfo) => {
  const operator = uniqueOperatorEmail(`stats-${testInfo.project.name}`);
  createOperator(operator);
  await useOwnClientAddress(page);
  const order = await placeOrder(request, { name: `Statystyki ${testInfo.project.name} ${Date.now()}` });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, operator);
  await openOrder(page, order.number);
  const paid = page.getByTestId("form-mark_paid");
  await paid.getByLabel("Potwierdzam: wpłata jest na koncie, klient dostanie e-mail").check();
  await paid.getByRole("button", { name: "Oznacz jako opłacone" }).click();
  await expect(page.getByTestId("admin-order-status")).toHaveText("Opłacone");

  await page.getByRole("navigation", { name: "Sekcje panelu" }).getByRole("link", { name: "Statystyki" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Statystyki");
  await expect(page.getByRole("link", { name: "Statystyki" })).toHaveAttribute("aria-current", "page");
  // At least this spec's order is paid in the last 30 days, by transfer, and its money is written the Polish way.
  await expect(page.getByTestId("figure-paid")).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByTestId("figure-ways")).toHaveText(
    /^Przelew na rachunek: [1-9]\d*, BLIK: \d+, Przelewy24 \(przelew lub karta\): \d+$/,
  );
  await expect(page.getByTestId("figure-gross")).toHaveText(new RegExp(`^${ZLOTY}$`));
  const month = warsaw({ month: "long", year: "numeric" }).format(new Date());
  const chart = page.getByRole("img", { name: "Opłacone zamówienia w kolejnych miesiącach" });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleDescription(new RegExp(`${month}: [1-9]\\d*$`));
  await expect(page.getByRole("img", { name: "Sprzedaż brutto w kolejnych miesiącach" })).toHaveAccessibleDescription(
    new RegExp(`${month}: ${ZLOTY}$`),
  );
  await expect(page.getByRole("region", { name: "Ostatnie 12 miesięcy" }).getByRole("rowheader", { name: month })).toBeVisible();
  await noSidewaysScroll(page, 390);
  await noSidewaysScroll(page, 1280);
  if (javaScriptEnabled) {
    const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical")).toEqual([]);
  }

  // A month typed the wrong way is refused in Polish, the typed text kept, the summary linking to the field.
  const thisMonth = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Warsaw", year: "numeric", month: "2-digit" }).format(new Date());
  const field = page.getByLabel("Miesiąc rejestru (RRRR-MM)");
  await expect(field).toHaveValue(thisMonth);
  await field.clear();
  await field.pressSequentially(thisMonth.replace("-", "/"));
  await page.getByRole("button", { name: "Pobierz rejestr sprzedaży (CSV)" }).click();
  const summary = page.getByTestId("error-summary");
  await expect(summary).toContainText("Nie pobrano rejestru sprzedaży. Popraw:");
  await summary.getByRole("link", { name: "Podaj miesiąc rejestru w postaci RRRR-MM, na przykład 2026-11." }).click();
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(thisMonth.replace("-", "/"));
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await field.clear();
  await field.pressSequentially(thisMonth);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Pobierz rejestr sprzedaży (CSV)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`rejestr-sprzedazy-${thisMonth}.csv`);
  const lines = readFileSync((await download.path())!, "utf8").split("\r\n");
  expect(lines[0]).toBe(
    "\uFEFFData zapłaty;Numer zamówienia;Numer faktury;Netto (zł);VAT (zł);Brutto (zł);Sposób płatności;Data zwrotu;Zwrot (zł)",
  );
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Warsaw" }).format(new Date());
  expect(lines).toContain(`${today};${order.number};brak;"243,09";"55,91";"299,00";Przelew na rachunek;;`);

  const refused = await page.request.get("/admin/statistics/register.csv?month=2026-13");
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toBe("Podaj miesiąc rejestru w postaci RRRR-MM, na przykład 2026-11.\n");
});
