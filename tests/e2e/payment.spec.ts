import { expect, test } from "@playwright/test";
import { strings } from "./support/site";

test.describe("payment page", () => {
  test("shows the order, the bank transfer with the exact amount and title, next steps and contact; noindex", async ({ page, request }, testInfo) => {
    const accepted = await request.post("/api/accept", {
      data: {
        imie_nazwisko_najemcy: `Payment ${testInfo.project.name}`,
        email: "jan@example.com",
        telefon: "600100200",
        adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
        adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
        rodzaj_oswiadczenia: "notarized",
        okres_najmu_dni: 90,
        jezyk: "ru",
        zgoda_na_przetwarzanie_danych: true,
        akceptacja_warunkow: true,
        zgoda_na_natychmiastowe_wykonanie: true,
      },
    });
    const { payment_url: paymentUrl, order_number: number } = await accepted.json();
    expect(paymentUrl).toMatch(/^\/ru\/payment\//);

    const payment = strings("ru", "payment");
    const response = await page.goto(paymentUrl);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(payment.meta.title);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.locator("h1")).toHaveText(payment.heading);
    await expect(page.getByTestId("order-number")).toHaveText(number);
    await expect(page.getByTestId("order-status")).toHaveText(payment.status.awaiting_payment);
    await expect(page.getByTestId("transfer-amount")).toHaveText(/^399\s?PLN$/);
    await expect(page.getByTestId("transfer-title")).toContainText(number);
    await expect(page.getByTestId("bank-account")).toHaveText(/^PL\d{2}( \d{4}){6}$/);
    await expect(page.getByText(payment.next.heading)).toBeVisible();
    await expect(page.locator('main a[href^="mailto:"]')).toHaveCount(1);
    // No personal data on a page reachable by link.
    await expect(page.locator("main")).not.toContainText("jan@example.com");
    // Nothing is loaded from another origin.
    const foreign = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name).filter((name) => !name.startsWith(location.origin)));
    expect(foreign).toEqual([]);
  });

  test("an unknown token is a 404 page in the page's language", async ({ page }) => {
    for (const [path, locale] of [
      ["/platnosc/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "pl"],
      ["/en/payment/not-a-token", "en"],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.locator("h1")).toHaveText(strings(locale, "payment").notFound.heading);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    }
  });
});
