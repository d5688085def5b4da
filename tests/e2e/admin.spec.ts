import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import {
  CODE_LABEL,
  createOperator,
  currentCode,
  openOrder,
  OPERATOR_PASSWORD,
  placeOrder,
  signIn,
  uniqueOperatorEmail,
  useOwnClientAddress,
} from "./support/admin";
import { waitForMail } from "./support/mail";

/**
 * The operator's back office, in both projects (js and no-js): every page is plain HTML forms.
 * Operators are created with `npm run operator -- add`, as the business does.
 */
test.describe("the back office", () => {
  let operator: string;
  test.beforeAll(({}, testInfo) => {
    operator = uniqueOperatorEmail(testInfo.project.name);
    createOperator(operator);
  });
  test.beforeEach(async ({ page }) => {
    await useOwnClientAddress(page);
  });

  test("a signed-out visitor reaches nothing but the login page, which no robot indexes", async ({ page, request }) => {
    for (const path of ["/admin", "/admin/orders/1", "/admin/orders.csv", "/admin/anything/else"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers()["location"], path).toMatch(/^\/admin\/login/);
    }
    const login = await page.goto("/admin/orders/1");
    expect(page.url()).toContain("/admin/login?next=%2Fadmin%2Forders%2F1");
    expect(login!.headers()["cache-control"]).toBe("no-store");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.locator("html")).toHaveAttribute("lang", "pl");
    // No script at all (so no tracking), no cookie banner, no public navigation.
    expect(await page.locator("script").count()).toBe(0);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(await (await request.get("/robots.txt")).text()).toContain("Disallow: /admin");
    expect(await (await request.get("/sitemap.xml")).text()).not.toContain("/admin");
  });

  test("signing in: a wrong password is refused in Polish keeping the e-mail; signing out revokes the session", async ({
    page,
    context,
  }) => {
    await page.goto("/admin/login");
    await signIn(page, operator, "not the password at all");
    await expect(page.getByTestId("sign-in-error")).toHaveText("Nieprawidłowy e-mail lub hasło.");
    await expect(page.getByLabel("E-mail")).toHaveValue(operator);
    await page.getByLabel("E-mail").clear();
    await signIn(page, operator, OPERATOR_PASSWORD, { fresh: true });
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dziś");
    await expect(page.getByTestId("admin-operator")).toHaveText(operator);

    const cookie = (await context.cookies()).find((c) => c.name === "adres_admin");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/admin" });

    await page.getByRole("button", { name: "Wyloguj" }).click();
    await expect(page).toHaveURL(/\/admin\/login/);
    await expect(page.getByText("Wylogowano.")).toBeVisible();
    // The old cookie, presented again, opens nothing: the session is gone on the server.
    await context.addCookies([cookie!]);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login/);
  });

  test("the second factor: the first sign-in asks for the app's first code, a wrong one is refused, a recovery code opens one sign-in", async ({
    page,
  }, testInfo) => {
    const newcomer = uniqueOperatorEmail(`totp-${testInfo.project.name}`);
    const { recoveryCodes } = createOperator(newcomer);
    const passwordStep = async () => {
      await page.goto("/admin/login");
      await page.getByLabel("E-mail").pressSequentially(newcomer);
      await page.getByLabel("Hasło").pressSequentially(OPERATOR_PASSWORD);
      await page.getByRole("button", { name: "Zaloguj się" }).click();
      await expect(page).toHaveURL(/\/admin\/login\/code/);
    };

    await passwordStep();
    await expect(page.getByTestId("code-lead")).toContainText("Pierwsze logowanie na tym koncie");
    const code = await currentCode(newcomer);
    const wrong = String((Number(code) + 500_000) % 1_000_000).padStart(6, "0");
    await page.getByLabel(CODE_LABEL).pressSequentially(wrong);
    await page.getByRole("button", { name: "Potwierdź kod" }).click();
    await expect(page.getByText("Nieprawidłowy albo już użyty kod.")).toBeVisible();
    await page.getByLabel(CODE_LABEL).pressSequentially(code);
    await page.getByRole("button", { name: "Potwierdź kod" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId("admin-operator")).toHaveText(newcomer);
    await page.getByRole("button", { name: "Wyloguj" }).click();
    await expect(page.getByText("Wylogowano.")).toBeVisible();

    // The phone is away: a recovery code (as printed, typed in lower case) opens the sign-in instead; each works once (unit-tested).
    await passwordStep();
    await expect(page.getByTestId("code-lead")).toHaveText(/^Hasło jest poprawne/);
    await page.getByText("Nie masz telefonu? Zaloguj się kodem zapasowym").click();
    await page.getByLabel("Kod zapasowy").pressSequentially(recoveryCodes[0]!.toLowerCase());
    await page.getByRole("button", { name: "Zaloguj się kodem zapasowym" }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("five wrong passwords lock this address out of the account for 15 minutes, even against the right one", async ({
    page,
  }, testInfo) => {
    const locked = uniqueOperatorEmail(`locked-${testInfo.project.name}`);
    createOperator(locked);
    await page.goto("/admin/login");
    for (let attempt = 0; attempt < 5; attempt++) {
      await signIn(page, locked, `wrong password ${attempt}`);
      await expect(page.getByTestId("sign-in-error")).toHaveText("Nieprawidłowy e-mail lub hasło.");
      await page.getByLabel("E-mail").clear();
    }
    await signIn(page, locked, OPERATOR_PASSWORD);
    await expect(page.getByTestId("sign-in-error")).toHaveText(
      "Zbyt wiele nieudanych prób logowania z tego adresu. Spróbuj ponownie za 15 minut.",
    );
    await expect(page).toHaveURL(/\/admin\/login/);
  });

  test("the list: newest first, searched by name, e-mail, phone or number, filtered by status with counts", async ({
    page,
    request,
  }, testInfo) => {
    // The tag is in base 36, so the phone's nine digits can never appear in it: the search
    // matches digits anywhere, and a decimal tag held them whenever the clock's ninth-last digit
    // was 7 (28 hours in every 11.6 days).
    const tag = `${testInfo.project.name}${Date.now().toString(36)}`;
    const phone = `7${String(Date.now()).slice(-8)}`;
    const first = await placeOrder(request, { name: `Lista Pierwsza ${tag}`, email: `first-${tag}@example.com`, phone });
    const second = await placeOrder(request, { name: `Lista Druga ${tag}`, email: `second-${tag}@example.com` });
    await signIn(page, operator);
    await expect(page).toHaveURL(/\/admin$/);

    await page.getByLabel(/Szukaj/).pressSequentially(tag);
    await page.getByRole("button", { name: "Szukaj" }).click();
    const rows = page.getByTestId("order-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(second.number);
    await expect(rows.nth(1)).toContainText(first.number);
    await expect(rows.nth(0)).toContainText("Oczekuje na płatność");
    await expect(rows.nth(0)).toContainText("polski");
    await expect(page.getByTestId("status-tab-awaiting_payment")).toHaveText("Oczekuje na płatność (2)");
    await expect(page.getByTestId("status-tab-paid")).toHaveText("Opłacone (0)");

    for (const query of [`first-${tag}@example.com`, first.number, `Lista Pierwsza ${tag}`.toUpperCase(), phone]) {
      await page.goto(`/admin?q=${encodeURIComponent(query)}`);
      await expect(rows, query).toHaveCount(1);
      await expect(rows.first()).toContainText(first.number);
    }
    await page.goto(`/admin?q=${encodeURIComponent(tag)}`);
    await page.getByTestId("status-tab-paid").click();
    await expect(page.getByTestId("no-orders")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`status=paid&q=${tag}`));
  });

  test("an order goes paid, then dispatched with a tracking number; the payment page and the customer's e-mails follow", async ({
    page,
    request,
  }, testInfo) => {
    const name = `Przejścia ${testInfo.project.name} ${Date.now()}`;
    const email = `flow-${testInfo.project.name}-${Date.now()}@example.com`;
    const order = await placeOrder(request, { name, email });
    await signIn(page, operator);
    await openOrder(page, order.number);
    await expect(page.getByTestId("admin-order-status")).toHaveText("Oczekuje na płatność");
    await expect(page.getByTestId("admin-contract")).toContainText(name);
    await expect(page.getByTestId("mail-order_confirmation")).toBeVisible();

    // Dispatch is not offered before payment.
    await expect(page.getByTestId("form-mark_dispatched")).toHaveCount(0);
    await page.getByTestId("form-mark_paid").getByLabel("Potwierdzam: wpłata jest na koncie, klient dostanie e-mail").check();
    await page.getByTestId("form-mark_paid").getByRole("button", { name: "Oznacz jako opłacone" }).click();
    await expect(page.getByTestId("transition-done")).toContainText("Zamówienie oznaczono jako opłacone.");
    await expect(page.getByTestId("admin-order-status")).toHaveText("Opłacone");
    await waitForMail((mail) => mail.to.includes(email) && mail.subject === `Zamówienie ${order.number} jest opłacone`);

    await page.goto(order.paymentPath);
    await expect(page.getByTestId("order-status")).toHaveText("Opłacone");
    await expect(page.getByTestId("transfer-amount")).toHaveCount(0);

    await openOrder(page, order.number);
    const dispatch = page.getByTestId("form-mark_dispatched");
    // A missing tracking number is refused with a Polish message, keeping what was typed.
    await dispatch.getByLabel("Przewoźnik (opcjonalnie)").pressSequentially("InPost");
    await dispatch.getByRole("button", { name: "Oznacz jako wysłane" }).click();
    const refused = page.getByTestId("form-mark_dispatched");
    await expect(refused.getByText("Podaj numer przesyłki: 4–40 znaków, litery, cyfry, spacje lub myślniki.")).toBeVisible();
    await expect(refused.getByText("Zaznacz potwierdzenie: klient od razu dostanie e-mail o tej zmianie.")).toBeVisible();
    await expect(refused.getByLabel("Przewoźnik (opcjonalnie)")).toHaveValue("InPost");
    await expect(page.getByTestId("admin-order-status")).toHaveText("Opłacone");

    await refused.getByLabel("Numer przesyłki").pressSequentially("rr123456789pl");
    await refused.getByLabel("Potwierdzam: przesyłka jest nadana, klient dostanie e-mail z numerem").check();
    await refused.getByRole("button", { name: "Oznacz jako wysłane" }).click();
    await expect(page.getByTestId("admin-order-status")).toHaveText("Wysłane");
    await expect(page.getByTestId("admin-tracking-number")).toHaveText("RR123456789PL");
    await expect(page.getByTestId("status-history")).toContainText(`Oczekuje na płatność → Opłacone, ${operator}`);
    await expect(page.getByTestId("status-history")).toContainText("Opłacone → Wysłane");
    const [dispatched] = await waitForMail(
      (mail) => mail.to.includes(email) && mail.subject === `Zamówienie ${order.number} zostało wysłane`,
    );
    expect(dispatched!.text).toContain("RR123456789PL");
    await page.reload();
    await expect(page.getByTestId("mail-order_dispatched").getByTestId("mail-state")).toHaveText("wysłany");

    await page.goto(order.paymentPath);
    await expect(page.getByTestId("order-status")).toHaveText("Wysłane");
    await expect(page.getByTestId("tracking-number")).toContainText("RR123456789PL");
    await expect(page.getByTestId("tracking-number")).toContainText("InPost");
  });

  test("cancelling needs a reason, tells the customer, and closes the order", async ({ page, request }, testInfo) => {
    const email = `cancel-${testInfo.project.name}-${Date.now()}@example.com`;
    const order = await placeOrder(request, { name: `Anulowanie ${testInfo.project.name} ${Date.now()}`, email, locale: "uk" });
    await signIn(page, operator);
    await openOrder(page, order.number);
    const cancel = page.getByTestId("form-cancel");
    await expect(cancel).toContainText("Klient dostanie e-mail o anulowaniu z tym powodem");
    await cancel.getByLabel("Powód anulowania").selectOption("own");
    await cancel.getByRole("button", { name: "Anuluj zamówienie" }).click();
    await expect(page.getByTestId("form-cancel").getByText("Podaj powód anulowania (najwyżej 500 znaków).")).toBeVisible();
    await expect(
      page.getByTestId("form-cancel").getByText("Zaznacz potwierdzenie: anulowanie jest ostateczne, a powód trafi do klienta."),
    ).toBeVisible();
    await expect(page.getByTestId("admin-order-status")).toHaveText("Oczekuje na płatność");
    await page
      .getByTestId("form-cancel")
      .getByLabel(/Własny powód, po ukraińsku/)
      .pressSequentially("Клієнт відмовився телефоном");
    await page.getByTestId("form-cancel").getByLabel("Potwierdzam anulowanie i wysłanie powodu klientowi").check();
    await page.getByTestId("form-cancel").getByRole("button", { name: "Anuluj zamówienie" }).click();
    await expect(page.getByTestId("admin-order-status")).toHaveText("Anulowane");
    await expect(page.locator("form[data-testid^='form-']")).toHaveCount(0);
    await expect(page.getByTestId("declaration-unavailable")).toHaveText(
      "Zamówienie anulowano: oświadczenia do podpisu nie przygotowujemy.",
    );
    // The customer ordered in Ukrainian, so the e-mail is Ukrainian.
    const [mail] = await waitForMail(
      (received) => received.to.includes(email) && received.subject.includes(order.number) && !received.subject.includes("підтвердження"),
    );
    expect(mail!.subject).toMatch(/скасовано/);
    expect(mail!.text).toContain("Причина: Клієнт відмовився телефоном");
    // A move the rules do not allow, sent anyway (an old tab, a crafted form), is refused with a message.
    const refused = await page.request.post(new URL(page.url()).pathname, {
      form: { transition: "mark_paid", paidAt: "2026-01-02", confirm: "yes" },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain("Tej zmiany nie można wykonać: zamówienie ma status „Anulowane”.");
    await page.goto(order.paymentPath);
    await expect(page.getByTestId("order-status")).toHaveText("Скасовано");
  });

  test("the CSV export is the filtered list, Excel-ready, with a formula-like name made harmless", async ({ page, request }, testInfo) => {
    const tag = `csv${testInfo.project.name}${Date.now()}`;
    const order = await placeOrder(request, { name: `=HYPERLINK("http://evil.example";"${tag}")` });
    await placeOrder(request, { name: `Zwykły Klient ${tag}` });
    await signIn(page, operator);
    await page.goto(`/admin?q=${tag}`);
    await expect(page.getByTestId("order-row")).toHaveCount(2);
    const href = await page.getByTestId("csv-export").getAttribute("href");
    expect(href).toBe(`/admin/orders.csv?q=${tag}`);
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="zamowienia-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = await response.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString("utf8").slice(1).split("\r\n");
    expect(lines[0]).toMatch(/^Numer;Złożono;Status;Rodzaj;/);
    expect(lines).toHaveLength(4); // header, two orders, the final CRLF
    const formulaRow = lines.find((line) => line.startsWith(order.number))!;
    expect(formulaRow).toContain(`"'=HYPERLINK(""http://evil.example"";""${tag}"")"`);
    // Quoted, as every cell holding a comma: a program that guesses "," as the separator keeps it one cell.
    expect(formulaRow).toContain(';"299,00";');
  });

  test("a cross-site POST is refused with 403 and changes nothing, even with a valid session", async ({ page, request }, testInfo) => {
    const order = await placeOrder(request, { name: `Cross-site ${testInfo.project.name} ${Date.now()}` });
    await signIn(page, operator);
    await openOrder(page, order.number);
    const detailPath = new URL(page.url()).pathname;
    const response = await page.request.post(detailPath, {
      form: { transition: "cancel", reason: "forged" },
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    await page.reload();
    await expect(page.getByTestId("admin-order-status")).toHaveText("Oczekuje na płatność");
    // The same form sent from the site itself works.
    const sameSite = await page.request.post(detailPath, {
      form: { transition: "cancel", reasonCode: "own", reason: "prawdziwy powód", confirm: "yes" },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(sameSite.status()).toBe(303);
  });

  test("the login page, the list and an order page have no serious accessibility problem, on a phone too", async ({
    page,
    request,
    javaScriptEnabled,
  }, testInfo) => {
    test.skip(!javaScriptEnabled, "axe runs as a script; the pages themselves load none, so both projects see the same HTML");
    const order = await placeOrder(request, { name: `Axe ${testInfo.project.name} ${Date.now()}` });
    const violations = async (target: Page) =>
      (await new AxeBuilder({ page: target }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()).violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/admin/login");
      expect(await violations(page), `login at ${width}`).toEqual([]);
    }
    await signIn(page, operator);
    expect(await violations(page), "Dziś").toEqual([]);
    await page.goto("/admin?status=all");
    expect(await violations(page), "list").toEqual([]);
    await openOrder(page, order.number);
    expect(await violations(page), "order").toEqual([]);
    // Nothing overflows sideways on a phone.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
