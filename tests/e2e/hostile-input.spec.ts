import { spawnSync } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { timeStepAt, totpCode } from "../support/authenticator";
import { startPostgres, type TestPostgres } from "../support/postgres";
import {
  createOperator,
  enrolmentOf,
  OPERATOR_PASSWORD,
  placeOrder,
  signIn,
  uniqueOperatorEmail,
  useOwnClientAddress,
} from "./support/admin";
import { fillOrderForm, validOrder } from "./support/order";
import { ownSitePort, startOwnSite, stopOwnSite, waitUntilUp } from "./support/own-server";
import { pathFor, strings, type Locale } from "./support/site";

/**
 * What an outside attacker sent: control and bidi characters in text fields, field names
 * thousands of levels deep, a sign-in return path with CR/LF or non-ASCII, lockouts aimed at
 * the operator, and all of it on PostgreSQL, which refuses a NUL in any query.
 */
const BIDI_OVERRIDE = "\u202e";

async function typeInto(page: Page, selector: string, text: string) {
  const field = page.locator(selector);
  await field.clear();
  await field.pressSequentially(text, { delay: 10 });
}

test.describe("control characters in the order form", () => {
  for (const locale of ["pl", "en"] as const satisfies Locale[]) {
    test(`a bidi override typed into a name is refused with the page's message and every value kept (${locale})`, async ({
      page,
    }, testInfo) => {
      const order = strings(locale, "order");
      const data = validOrder(testInfo.project.name);
      await page.goto(pathFor("order", locale));
      await fillOrderForm(page, data);
      const name = `Jan ${BIDI_OVERRIDE}ikslawoK`;
      await typeInto(page, "#field-tenantName", name);
      await typeInto(page, "#field-mailingCity", `Warszawa${BIDI_OVERRIDE}`);
      await page.getByRole("button", { name: order.form.preview }).click();
      await expect(page.locator("#field-tenantName-error")).toHaveText(order.validation.controlCharacters);
      await expect(page.locator("#field-mailingCity-error")).toHaveText(order.validation.controlCharacters);
      await expect(page.getByTestId("error-summary")).toContainText(order.validation.controlCharacters);
      await expect(page.locator("#field-tenantName")).toHaveValue(name);
      await expect(page.locator("#field-email")).toHaveValue(data.email);
      await expect(page.locator("#field-propertyAddress")).toHaveValue(data.propertyAddress);
    });
  }

  test("variant 2's extra information keeps its line breaks and refuses a bidi isolate", async ({ page }) => {
    const order = strings("pl", "order");
    await page.goto(pathFor("orderAutomatic", "pl"));
    await page.locator("#field-rodzaj_oswiadczenia-regular").check();
    await page.locator("#field-tenantName").fill("Ewa Zielińska");
    await page.locator("#field-email").fill("ewa@example.com");
    await page.locator("#field-telefon").fill("600 100 200");
    await page.locator("#field-propertyAddress").fill("ul. Długa 5/3");
    await page.locator("#field-propertyPostalCode").fill("70-001");
    await page.locator("#field-propertyCity").fill("Szczecin");
    await page.locator("#field-mailingAddress").fill("ul. Krótka 1");
    await page.locator("#field-mailingPostalCode").fill("00-001");
    await page.locator("#field-mailingCity").fill("Warszawa");
    await page.locator("#field-dataProcessingConsent").check();
    const info = page.getByLabel(order.form.additionalInfo);
    await info.click();
    await info.pressSequentially("Pierwszy wiersz", { delay: 10 });
    await info.press("Enter");
    await info.pressSequentially("drugi \u2066wiersz", { delay: 10 });
    await page.getByRole("button", { name: order.form.preview }).click();
    await expect(page.locator("#field-additionalInfo-error")).toHaveText(order.validation.controlCharactersMultiline);
    await expect(info).toHaveValue("Pierwszy wiersz\ndrugi \u2066wiersz");

    await info.clear();
    await info.pressSequentially("Pierwszy wiersz", { delay: 10 });
    await info.press("Enter");
    await info.pressSequentially("drugi wiersz", { delay: 10 });
    await page.getByRole("button", { name: order.form.preview }).click();
    await expect(page.locator("h1")).toHaveText(order.preview.fullPageHeading);
    await expect(page.getByTestId("contract")).toContainText("Pierwszy wiersz");
    await expect(page.getByTestId("contract")).toContainText("drugi wiersz");
  });
});

test.describe("field names that would blow the stack", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "a server behaviour: it runs once, in the js project");

  test("a name 5,000 levels deep or 200 fields get a 400 page in the page's language, never a 500", async ({ request, baseURL }) => {
    for (const [path, locale] of [
      [pathFor("order", "en"), "en"],
      [pathFor("order", "uk"), "uk"],
      [pathFor("orderAutomatic", "pl"), "pl"],
    ] as const) {
      for (const body of [
        `${"a.".repeat(5000)}a=1&intent=preview`,
        `a${"[0]".repeat(5000)}=1`,
        Array.from({ length: 200 }, (_, i) => `f${i}=x`).join("&"),
      ]) {
        const response = await request.post(path, {
          data: body,
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL! },
          maxRedirects: 0,
        });
        expect(response.status(), path).toBe(400);
        expect(await response.text()).toContain(strings(locale, "order").errors.formShape);
      }
    }
    const login = await request.post("/admin/login", {
      data: `${"a.".repeat(5000)}a=1`,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL! },
    });
    expect(login.status()).toBe(400);
    expect(await login.text()).toContain("Formularz ma postać");
  });
});

test.describe("the operator's sign-in", () => {
  let operator: string;
  test.beforeAll(({}, testInfo) => {
    operator = uniqueOperatorEmail(`hostile-${testInfo.project.name}`);
    createOperator(operator);
  });

  test("5 wrong passwords from one address lock only that address out; the operator signs in from another", async ({ page }) => {
    await useOwnClientAddress(page);
    for (let i = 0; i < 5; i++) {
      await page.goto("/admin/login");
      await signIn(page, operator, `wrong password ${i}`);
      await expect(page.getByTestId("sign-in-error")).toHaveText("Nieprawidłowy e-mail lub hasło.");
    }
    await page.goto("/admin/login");
    await signIn(page, operator, OPERATOR_PASSWORD, { fresh: true });
    await expect(page.getByTestId("sign-in-error")).toHaveText(
      "Zbyt wiele nieudanych prób logowania z tego adresu. Spróbuj ponownie za 15 minut.",
    );

    await useOwnClientAddress(page);
    await page.goto("/admin/login");
    await signIn(page, operator, OPERATOR_PASSWORD, { fresh: true });
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dziś");
  });

  for (const [label, next] of [
    ["CR and LF", "/admin/orders%0D%0ASet-Cookie:%20x=1"],
    ["NUL", "/admin/orders/1%00"],
    ["non-ASCII", "/admin/zam%C3%B3wienia"],
  ] as const) {
    test(`a return path with ${label} falls back to /admin after the right password`, async ({ page }, testInfo) => {
      // An operator of its own: the shared one's next code would come only with the next 30-second step.
      const returning = uniqueOperatorEmail(`hostile-return-${testInfo.project.name}`);
      createOperator(returning);
      await useOwnClientAddress(page);
      await page.goto(`/admin/login?next=${next}`);
      await signIn(page, returning, OPERATOR_PASSWORD, { fresh: true });
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dziś");
    });
  }

  test("an e-mail with a NUL, a search and a CSV export with control characters are answered 400 with a message", async ({
    page,
    request,
    baseURL,
  }) => {
    await useOwnClientAddress(page);
    const nul = await request.post("/admin/login", {
      form: { email: "op\u0000@example.com", password: OPERATOR_PASSWORD },
      headers: { Origin: baseURL! },
    });
    expect(nul.status()).toBe(400);
    expect(await nul.text()).toContain("niedozwolone znaki niewidoczne");

    await signIn(page, operator);
    await expect(page).toHaveURL(/\/admin$/);
    const search = await page.goto("/admin?q=op%00%40example.com");
    expect(search!.status()).toBe(400);
    await expect(page.getByTestId("search-error")).toHaveText(/niedozwolone znaki niewidoczne/);
    const csv = await page.request.get("/admin/orders.csv?q=%E2%80%AE");
    expect(csv.status()).toBe(400);
    expect(await csv.text()).toContain("niedozwolone znaki niewidoczne");
  });

  test("the CSV keeps a name with a comma and a formula in one cell", async ({ page, request }, testInfo) => {
    test.skip(!testInfo.project.use.javaScriptEnabled, "a server behaviour: it runs once, in the js project");
    const tag = `csv${Date.now()}`;
    await placeOrder(request, { name: `Jan Kowalski ${tag},=2+5` });
    await useOwnClientAddress(page);
    await signIn(page, operator);
    await expect(page).toHaveURL(/\/admin$/);
    const csv = await (await page.request.get(`/admin/orders.csv?q=${tag}`)).text();
    expect(csv).toContain(`;"Jan Kowalski ${tag},=2+5";`);
  });
});

test.describe("control characters on PostgreSQL", () => {
  test.describe.configure({ timeout: 120_000 });
  const port = ownSitePort(50);
  const base = `http://127.0.0.1:${port}`;
  let postgres: TestPostgres;
  let site: ChildProcess;
  const operator = `pg-operator-${Date.now()}@adres.test`;
  let secret: string;
  const SECRET = "hostile-input-e2e-secret-of-at-least-32-chars";

  test.beforeAll(async ({}, testInfo) => {
    test.skip(testInfo.project.name !== "js", "a server behaviour: it runs once, in the js project");
    test.setTimeout(120_000);
    postgres = await startPostgres();
    site = startOwnSite(port, { DATABASE_URL: postgres.url, ORDER_TOKEN_SECRET: SECRET, RATE_LIMIT_DISABLED: "1" });
    await waitUntilUp(port, site);
    const added = spawnSync("npm", ["run", "-s", "operator", "--", "add", operator], {
      input: `${OPERATOR_PASSWORD}\n`,
      env: { ...process.env, DATABASE_URL: postgres.url, ORDER_TOKEN_SECRET: SECRET },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(added.status, added.stderr).toBe(0);
    secret = enrolmentOf(added.stdout).secret;
  });

  test.afterAll(async () => {
    if (site) await stopOwnSite(site, "SIGTERM");
    postgres?.stop();
  });

  const form = (fields: Record<string, string>, cookie = "") =>
    ({
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields),
      redirect: "manual",
    }) as const;

  test("a NUL is a 400 everywhere: the API (no Retry-After), the form's accept, the sign-in, the search and the CSV", async () => {
    const api = await fetch(`${base}/api/accept`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        imie_nazwisko_najemcy: "Jan\u0000Kowalski",
        email: "jan@example.com",
        telefon: "600100200",
        adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
        adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
        rodzaj_oswiadczenia: "regular",
        okres_najmu_dni: 90,
      }),
    });
    expect(api.status).toBe(400);
    expect(api.headers.get("retry-after")).toBeNull();

    const data = { ...validOrder("pg"), dataProcessingConsent: "on" };
    const preview = await fetch(`${base}/zamowienie-oswiadczenia`, form({ ...data, intent: "preview" }));
    expect(preview.status).toBe(200);
    const token = /name="token" value="([^"]+)"/.exec(await preview.text())?.[1];
    expect(token).toBeTruthy();
    const accept = await fetch(
      `${base}/zamowienie-oswiadczenia`,
      form({ ...data, tenantName: "Jan\u0000Kowalski", token: token!, intent: "accept", acceptTerms: "on" }),
    );
    expect(accept.status).toBe(400);
    expect(await accept.text()).toContain(strings("pl", "order").validation.controlCharacters);

    const nulLogin = await fetch(`${base}/admin/login`, form({ email: "op\u0000@example.com", password: OPERATOR_PASSWORD }));
    expect(nulLogin.status).toBe(400);
    const login = await fetch(`${base}/admin/login`, form({ email: operator, password: OPERATOR_PASSWORD }));
    expect(login.status).toBe(303);
    const pending = login.headers.get("set-cookie")!.split(";")[0]!;
    const code = await fetch(`${base}/admin/login/code`, form({ code: totpCode(secret, timeStepAt(Date.now())) }, pending));
    expect(code.status).toBe(303);
    const cookie = code.headers.get("set-cookie")!.split(";")[0]!;
    for (const path of ["/admin?q=%00", "/admin/orders.csv?q=%00", "/admin?q=a%00b&status=paid", "/admin/customers?q=%00"]) {
      const response = await fetch(`${base}${path}`, { headers: { Cookie: cookie } });
      expect(response.status, path).toBe(400);
    }
    expect((await fetch(`${base}/admin?q=Kowalski`, { headers: { Cookie: cookie } })).status).toBe(200);
  });

  test("a NUL or another malformed token on the invoice routes is a 404, as on every other token route", async () => {
    const pages = ["/platnosc/%00/faktura", "/en/payment/%00/invoice", "/uk/payment/%00/invoice", "/ru/payment/%00/invoice"];
    for (const path of [...pages, "/platnosc/a%00b/faktura", "/invoice/%00/1", "/invoice/%0A/1", `/invoice/${"a".repeat(31)}%00/1`]) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(404);
    }
    for (const path of pages) {
      const response = await fetch(`${base}${path}`, form({ buyerName: "Firma", buyerAddress: "ul. Polna 2, 70-100 Szczecin" }));
      expect(response.status, `POST ${path}`).toBe(404);
    }
  });
});
