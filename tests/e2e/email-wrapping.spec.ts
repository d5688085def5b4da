import type { ChildProcess } from "node:child_process";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { startOwnSite, stopOwnSite, waitUntilUp } from "./support/own-server";
import { freePort } from "../support/free-port";
import { pathFor } from "./support/site";

/**
 * On a 360 px phone an e-mail address may wrap only after its "@": the part before it and the
 * part after it each stay on one line, and nothing sticks out of the page.
 */
test.use({ viewport: { width: 360, height: 740 } });

type Wrapping = { address: string; lines: number; localLines: number; domainLines: number };

/** How many lines the address's text takes in all, before the "@" (with it) and after it, as the browser laid it out. */
function wrappingOf(link: Locator): Promise<Wrapping> {
  return link.evaluate((element) => {
    const nodes: Text[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
    const address = nodes.map((node) => node.data).join("");
    const linesOf = (from: number, to: number) => {
      const tops = new Set<number>();
      let offset = 0;
      for (const node of nodes) {
        const start = Math.max(from - offset, 0);
        const end = Math.min(to - offset, node.data.length);
        if (start < end) {
          const range = document.createRange();
          range.setStart(node, start);
          range.setEnd(node, end);
          for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
        }
        offset += node.data.length;
      }
      return tops.size;
    };
    const at = address.lastIndexOf("@");
    return { address, lines: linesOf(0, address.length), localLines: linesOf(0, at + 1), domainLines: linesOf(at + 1, address.length) };
  });
}

async function expectNoHorizontalOverflow(page: Page, link: Locator, container: Locator) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  const [linkBox, containerBox] = [await link.boundingBox(), await container.boundingBox()];
  expect(linkBox!.x + linkBox!.width).toBeLessThanOrEqual(containerBox!.x + containerBox!.width + 0.5);
}

test("the contact page's address wraps after the @, not inside a word", async ({ page }) => {
  await page.goto(pathFor("contact", "pl"));
  const link = page.getByTestId("contact-email");
  const wrapping = await wrappingOf(link);
  expect(wrapping.address).toMatch(/^[^@]+@[^@]+$/);
  // At 360 px the configured address does not fit on one line of the contact card.
  expect(wrapping).toEqual({ address: wrapping.address, lines: 2, localLines: 1, domainLines: 1 });
  await expectNoHorizontalOverflow(page, link, page.getByRole("listitem").filter({ has: link }));
});

test.describe("a long address with hyphens in its domain", () => {
  const address = "zamowienia.reklamacje@adres-do-eksmisji.com.pl";
  let site: ChildProcess | undefined;
  let base = "";

  test.beforeAll(async () => {
    // Each project starts its own site on a free port, so the two never share one.
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    site = startOwnSite(port, { COMPANY_EMAIL: address, RATE_LIMIT_DISABLED: "1" });
    await waitUntilUp(port, site);
  });
  test.afterAll(async () => {
    if (site) await stopOwnSite(site, "SIGTERM");
  });

  test("breaks in the footer after the @, not at a hyphen, and stays inside the footer", async ({ page }) => {
    await page.goto(`${base}${pathFor("home", "uk")}`);
    const link = page.locator("footer").locator('a[href^="mailto:"]');
    await expect(link).toHaveText(address);
    expect(await wrappingOf(link)).toEqual({ address, lines: 2, localLines: 1, domainLines: 1 });
    await expectNoHorizontalOverflow(page, link, page.locator("footer li").filter({ has: page.locator('a[href^="mailto:"]') }));
  });

  test("on the contact page, wider than the card, it still never overflows", async ({ page }) => {
    await page.goto(`${base}${pathFor("contact", "en")}`);
    const link = page.getByTestId("contact-email");
    await expect(link).toHaveText(address);
    await expectNoHorizontalOverflow(page, link, page.getByRole("listitem").filter({ has: link }));
  });
});
