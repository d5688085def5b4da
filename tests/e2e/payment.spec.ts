import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { placeOrder } from "./support/admin";
import { markPaidInDatabase, setOrderedAtInDatabase } from "./support/order";
import { E2E_COURIER_TRACKING_URL, strings } from "./support/site";

test.describe("payment page", () => {
  test("shows the order, the bank transfer with the exact amount and title, next steps and contact; noindex", async ({
    page,
    request,
  }, testInfo) => {
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
    // The document itself, not only its data: the URL holds the order's secret token.
    expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(page).toHaveTitle(payment.meta.stage.awaiting_payment.replace("{{number}}", number));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.locator("h1")).toHaveText(payment.heading);
    await expect(page.getByTestId("order-number")).toHaveText(number);
    await expect(page.getByTestId("order-status")).toHaveText(payment.status.awaiting_payment);
    await expect(page.getByTestId("transfer-amount")).toHaveText(/^399\s?PLN$/);
    await expect(page.getByTestId("transfer-title")).toContainText(number);
    await expect(page.getByTestId("bank-account")).toHaveText(/^PL\d{2}( \d{4}){6}$/);
    await expect(page.getByText(payment.next.heading)).toBeVisible();
    // The deadline, what happens when it passes, and the start the customer chose, with the date.
    await expect(page.getByTestId("payment-deadline")).toContainText(/\d{1,2}/);
    await expect(page.getByText(payment.deadline.unpaid)).toBeVisible();
    await expect(page.getByTestId("withdrawal-choice")).toHaveText(payment.next.startNow);
    await expect(page.getByTestId("dispatch-date")).toContainText(payment.next.dispatchBy.split("{{")[0]);
    await expect(page.locator('main a[href^="mailto:"]')).toHaveCount(1);
    // The bank-transfer QR code (drawn on the server) and the agreement as a PDF.
    await expect(page.getByTestId("transfer-qr")).toHaveAttribute("src", /^data:image\/svg\+xml;base64,/);
    await expect(page.getByTestId("transfer-qr")).toHaveAttribute("alt", payment.qr.alt);
    const download = page.getByTestId("agreement-pdf");
    await expect(download).toHaveText(payment.agreement.download);
    const pdf = await request.get((await download.getAttribute("href"))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(pdf.headers()["cache-control"]).toBe("private, no-store");
    expect(pdf.headers()["referrer-policy"]).toBe("no-referrer");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    expect((await request.get("/agreement/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).status()).toBe(404);
    // No personal data on a page reachable by link.
    await expect(page.locator("main")).not.toContainText("jan@example.com");
    // Nothing is loaded from another origin.
    const foreign = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .filter((name) => !name.startsWith(location.origin)),
    );
    expect(foreign).toEqual([]);
  });

  test("without the request to start at once, it names the day the withdrawal period ends, unpaid and paid", async ({
    page,
    request,
  }, testInfo) => {
    const MONTHS = {
      pl: /\d{1,2} (stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|listopada|grudnia) \(\p{L}+\)/u,
      ru: /\d{1,2} (января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря) \(\p{L}+\)/u,
    } as const;
    // Every language and variant is a unit test (app/order/next-steps.test.ts); here the page itself, in two scripts.
    for (const locale of ["pl", "ru"] as const) {
      const { number, paymentPath } = await placeOrder(request, { name: `Payment no waiver ${locale} ${testInfo.project.name}`, locale });
      const payment = strings(locale, "payment");
      const intro = payment.next.startAfterWithdrawal.split("{{")[0].trim();
      await page.goto(paymentPath);
      const choice = page.getByTestId("withdrawal-choice");
      await expect(choice).toContainText(intro);
      await expect(choice).toContainText(MONTHS[locale]);
      // Paid the same day: the line still names the day; it never reads "after this period ()".
      markPaidInDatabase(number, new Date().toISOString().slice(0, 10));
      await page.goto(paymentPath);
      await expect(page.getByTestId("order-status")).toHaveText(payment.status.paid);
      await expect(choice).toContainText(MONTHS[locale]);
      await expect(page.locator("main")).not.toContainText(/\(\s*\)/);
      await expect(page.getByTestId("payment-step")).toContainText(MONTHS[locale]);
    }
  });

  test("a payment deadline whose 7th day is a Sunday moves to the next business day, and the page says so", async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const payment = strings("pl", "payment");
    // The next Sunday from tomorrow on, and an order placed 7 days before it: its deadline has not passed.
    const sunday = new Date();
    sunday.setUTCHours(12, 0, 0, 0);
    do sunday.setUTCDate(sunday.getUTCDate() + 1);
    while (sunday.getUTCDay() !== 0);
    const ordered = new Date(sunday.getTime() - 7 * 86_400_000);
    const { number, paymentPath } = await placeOrder(request, { name: `Sunday deadline ${testInfo.project.name}` });
    setOrderedAtInDatabase(number, ordered.toISOString());
    const sundayText = `${new Intl.DateTimeFormat("pl-PL", { day: "numeric", month: "long", timeZone: "Europe/Warsaw" }).format(sunday)} (niedziela)`;

    await page.goto(paymentPath);
    const deadline = page.getByTestId("payment-deadline");
    await expect(deadline).toContainText(payment.deadline.moved.replace("{{day}}", sundayText));
    await expect(deadline).not.toContainText(`najpóźniej ${sundayText}`);
    await expect(deadline).toBeVisible();
  });

  test("with JavaScript, the account, BIC, amount and title can be copied; without it they are plain text", async ({
    page,
    request,
    javaScriptEnabled,
    context,
  }, testInfo) => {
    const accepted = await request.post("/api/accept", {
      data: {
        imie_nazwisko_najemcy: `Copy ${testInfo.project.name}`,
        email: "jan@example.com",
        telefon: "600100200",
        adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
        adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
        rodzaj_oswiadczenia: "regular",
        okres_najmu_dni: 90,
      },
    });
    const { payment_url: paymentUrl, order_number: number } = await accepted.json();
    const payment = strings("pl", "payment");
    await page.goto(paymentUrl);
    const copyButtons = page.getByRole("button", { name: new RegExp(`^${payment.copy.label.split("{{")[0]}`) });
    if (!javaScriptEnabled) {
      await expect(copyButtons).toHaveCount(0);
      return;
    }
    await expect(copyButtons).toHaveCount(4);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: payment.copy.label.replace("{{what}}", payment.transfer.title) }).click();
    await expect(page.getByText(payment.copy.done)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`Zamówienie ${number}`);
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

test("a dispatched order's tracking number links to the courier's tracking page", async ({ page, request }, testInfo) => {
  const order = await placeOrder(request, { name: `Tracking ${testInfo.project.name}`, locale: "en" });
  // Dispatched as the back office leaves it (the transition itself is tested in admin.spec.ts).
  const db = new Database(process.env.E2E_DATABASE_PATH!, { fileMustExist: true, timeout: 5_000 });
  try {
    db.prepare("UPDATE orders SET status = 'dispatched', tracking_number = ?, courier = ? WHERE number = ?").run(
      "RR 123456 PL",
      "Poczta",
      order.number,
    );
  } finally {
    db.close();
  }
  await page.goto(order.paymentPath);
  const tracking = page.getByTestId("tracking-number");
  const link = tracking.getByRole("link", { name: "RR 123456 PL" });
  await expect(link).toHaveAttribute("href", E2E_COURIER_TRACKING_URL.replace("{number}", encodeURIComponent("RR 123456 PL")));
  await expect(tracking).toContainText("(Poczta)");
});
