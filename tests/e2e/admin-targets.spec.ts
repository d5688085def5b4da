import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createOperator, openOrder, placeOrder, signIn, uniqueOperatorEmail, useOwnClientAddress } from "./support/admin";

/**
 * The back office's table: every link and button a finger or a pointer must hit is at least 24 × 24 CSS
 * pixels or far enough from its neighbours (WCAG 2.2, 2.5.8 Target Size (Minimum); axe's `target-size`),
 * on a phone (the cards) and from 640 px (the table).
 */
async function smallTargets(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withRules(["target-size"]).analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`));
}

test("the orders list and an order's page have no tap target under 24 × 24 px without room around it, at 390 and 1280 px", async ({
  page,
  request,
  javaScriptEnabled,
}, testInfo) => {
  test.skip(!javaScriptEnabled, "axe runs as a script; the back office loads none, so both projects see the same HTML");
  test.setTimeout(300_000);
  const operator = uniqueOperatorEmail(`targets-${testInfo.project.name}`);
  createOperator(operator);
  await useOwnClientAddress(page);
  for (let i = 0; i < 3; i++) await placeOrder(request, { name: `Targets ${testInfo.project.name} ${i} ${Date.now()}` });
  const order = await placeOrder(request, { name: `Targets ${testInfo.project.name} ${Date.now()}` });
  await signIn(page, operator);
  // The table from 640 px, the cards below it: both at a phone's and a desktop's width.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto("/admin");
    expect(await smallTargets(page), `Dziś at ${width} px`).toEqual([]);
    await page.goto("/admin?status=all");
    expect(await smallTargets(page), `list at ${width} px`).toEqual([]);
    await openOrder(page, order.number);
    expect(await smallTargets(page), `order at ${width} px`).toEqual([]);
  }
});
