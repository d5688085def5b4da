import type { ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { createOperator, signIn, uniqueOperatorEmail } from "./support/admin";
import { waitForMail } from "./support/mail";
import { randomLetters } from "./support/order";
import { ownSitePort, startOwnSite, stopOwnSite, waitUntilUp } from "./support/own-server";
import { filled, strings } from "./support/site";

/**
 * Reviews from real orders (docs/decisions/052), on a site of this spec's own: its database holds
 * three approved reviews, which the suite's shared one never does (the home page there shows the
 * typical situations, tests/e2e/home.spec.ts). The site is started once to make the schema and
 * place the orders, the database is then seeded directly (an order dispatched 11 days ago, three
 * approved reviews), and the site is started again: its first housekeeping run, 5 s after boot,
 * queues the review request, which the suite's SMTP server receives. At a phone's width.
 *
 * The tests share that site, one per project: they run in order in one worker, even where the suite
 * runs files fully parallel (two workers would each start a site on the same port). Its page cache is
 * off, so the home page shows an operator's decision at once.
 */
test.describe.configure({ mode: "default" });
const sitePort = (project: string) => ownSitePort(project === "js" ? 90 : 91);
test.use({
  viewport: { width: 390, height: 844 },
  // Relative paths (the operator's sign-in helper's) go to this spec's site.
  baseURL: async ({}, use, testInfo) => use(`http://127.0.0.1:${sitePort(testInfo.project.name)}`),
});

const DAY_MS = 86_400_000;
const APPROVED = [
  { locale: "pl", stars: 4, text: "Oświadczenie przyszło na czas, wszystko jasno opisane.", name: "Marta", city: "Gdańsk" },
  { locale: "uk", stars: 5, text: "Швидко й зрозуміло, дякую за допомогу.", name: "Олена", city: "Вроцлав" },
  { locale: "en", stars: 3, text: "Good service, though I waited a day longer than I hoped.", name: "John", city: "Kraków" },
] as const;

type Site = { process: ChildProcess; base: string; databasePath: string; email: string; token: string; undispatchedToken: string };
let site: Site;

async function placeOrder(base: string, email: string, locale: string): Promise<{ token: string; number: string }> {
  const response = await fetch(`${base}/api/accept`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      imie_nazwisko_najemcy: `Review Tenant ${randomLetters()}`,
      email,
      telefon: "600100200",
      adres_najemcy: "ul. Krótka 1, 00-001 Warszawa",
      adres_eksmisji: "ul. Długa 5/3, 70-001 Szczecin",
      rodzaj_oswiadczenia: "regular",
      okres_najmu_dni: 90,
      jezyk: locale,
    }),
  });
  if (response.status !== 201) throw new Error(`/api/accept answered ${response.status}`);
  const { payment_url: paymentUrl, order_number: number } = (await response.json()) as { payment_url: string; order_number: string };
  return { token: paymentUrl.split("/").at(-1)!, number };
}

function withDatabase<T>(path: string, work: (db: Database.Database) => T): T {
  const db = new Database(path, { fileMustExist: true });
  try {
    return work(db);
  } finally {
    db.close();
  }
}

test.beforeAll(async ({}, testInfo) => {
  // Two boots of the site and five orders: on a machine busy with the whole suite a boot alone has taken a minute.
  testInfo.setTimeout(240_000);
  const port = sitePort(testInfo.project.name);
  const base = `http://127.0.0.1:${port}`;
  const env = {
    DATABASE_PATH: join(mkdtempSync(join(tmpdir(), "reviews-")), "app.db"),
    SMTP_URL: `smtp://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 3}`,
    MAIL_FROM: "Adres do eksmisji <zamowienia@adres.test>",
    OPERATOR_EMAIL: "operator@adres.test",
    PAGE_CACHE_SECONDS: "0",
  };
  const first = startOwnSite(port, env);
  await waitUntilUp(port, first);
  const email = `review-${randomLetters()}-${testInfo.project.name}@example.com`;
  const reviewed = await placeOrder(base, email, "uk");
  const undispatched = await placeOrder(base, email, "pl");
  const others: Array<{ token: string }> = [];
  for (const review of APPROVED) others.push(await placeOrder(base, `approved-${randomLetters()}@example.com`, review.locale));
  await stopOwnSite(first, "SIGTERM");

  const now = Date.now();
  withDatabase(env.DATABASE_PATH, (db) => {
    const dispatch = db.prepare("UPDATE orders SET status = 'dispatched', paid_at = ?, dispatched_at = ? WHERE payment_token = ?");
    dispatch.run(new Date(now - 13 * DAY_MS).toISOString(), new Date(now - 11 * DAY_MS).toISOString(), reviewed.token);
    const insert = db.prepare(
      `INSERT INTO reviews (order_id, stars, text, display_name, city, consent_at, locale, created_at, updated_at, status, decided_by, decided_at)
       SELECT id, ?, ?, ?, ?, ?, ?, ?, ?, 'approved', 'operator@adres.test', ? FROM orders WHERE payment_token = ?`,
    );
    for (const [index, review] of APPROVED.entries()) {
      const token = others[index]!.token;
      dispatch.run("2026-10-20T10:00:00.000Z", "2026-10-22T10:00:00.000Z", token);
      // November 2026, the newest first: Marta's, then Olena's, then John's.
      const written = new Date(Date.UTC(2026, 10, 10 - index, 10)).toISOString();
      insert.run(review.stars, review.text, review.name, review.city, written, review.locale, written, written, written, token);
    }
    // The first process's housekeeping run holds the job's period: the next process runs it at once.
    db.prepare("DELETE FROM job_runs").run();
  });
  const second = startOwnSite(port, env);
  site = { process: second, base, databasePath: env.DATABASE_PATH, email, token: reviewed.token, undispatchedToken: undispatched.token };
  await waitUntilUp(port, second);
});

test.afterAll(async () => {
  if (site) await stopOwnSite(site.process);
});

test("with three approved reviews the home page shows them: stars, words, name and city, verified order, month and language", async ({
  page,
  javaScriptEnabled,
}) => {
  const pl = strings("pl", "home").testimonials.reviews;
  await page.goto(`${site.base}/`);
  await expect(page.locator("#testimonials h2")).toHaveText(pl.heading);
  const slides = page.getByTestId("testimonial");
  await expect(slides).toHaveCount(3);
  for (const [index, review] of APPROVED.entries()) {
    const slide = slides.nth(index);
    await expect(slide.locator("blockquote")).toHaveText(review.text);
    await expect(slide.locator("figcaption")).toHaveText(`${review.name}, ${review.city}`);
    await expect(slide.getByRole("img", { name: pl.rating.replace("{{rating}}", String(review.stars)) })).toHaveCount(1);
    await expect(slide).toContainText(pl.verified);
    await expect(slide).toContainText("listopad 2026");
  }
  // Each in the language it was written in, labelled when it is not the page's.
  await expect(slides.nth(0)).not.toContainText(pl.writtenIn.pl);
  await expect(slides.nth(1)).toContainText(pl.writtenIn.uk);
  await expect(slides.nth(2)).toContainText(pl.writtenIn.en);
  await expect(page.getByTestId("testimonials-verification")).toHaveText(filled(pl.verification));
  await expect(page.getByTestId("testimonials-verification")).toContainText("12");
  // The typical situations are gone once there are reviews.
  await expect(page.locator("#testimonials")).not.toContainText(strings("pl", "home").testimonials.situations.items[0].title);
  if (javaScriptEnabled) {
    await page.getByTestId("testimonials-viewport").scrollIntoViewIfNeeded();
    await expect(page.getByTestId("testimonials-carousel")).toHaveAttribute("data-enhanced", "true");
    await page.getByRole("button", { name: pl.next, exact: true }).click();
    await expect(slides.nth(1).locator("figure")).toBeInViewport({ ratio: 0.99 });
  } else {
    await expect(page.getByTestId("testimonials-previous")).toHaveCount(0);
  }

  // Another language's page shows the same reviews, with the same words, and that page's labels.
  const en = strings("en", "home").testimonials.reviews;
  await page.goto(`${site.base}/en`);
  await expect(slides.nth(0)).toContainText(en.verified);
  await expect(slides.nth(0)).toContainText("November 2026");
  await expect(slides.nth(0)).toContainText(en.writtenIn.pl);
  await expect(slides.nth(0).locator("blockquote")).toHaveText(APPROVED[0].text);
  await expect(slides.nth(2)).not.toContainText(en.writtenIn.en);
});

test("the request e-mail leads to the form in the order's language; refused input keeps its values; a pending review can be changed", async ({
  page,
}) => {
  const uk = strings("uk", "review");
  const [request] = await waitForMail(
    (mail) => mail.to.includes(site.email) && mail.subject.endsWith(strings("uk", "mail").subject.review_request.split(": ")[1]),
  );
  const formUrl = `${site.base}/uk/payment/${site.token}/review`;
  expect(request!.text).toContain(`${uk.mail.button}: ${formUrl}`);
  expect(request!.html).toContain(`href="${formUrl}"`);

  await page.goto(formUrl);
  await expect(page.locator("h1")).toHaveText(uk.heading);
  await page.getByRole("radio", { name: uk.form.star["4"], exact: true }).check();
  const text = "Усе чітко, заяву отримала вчасно.";
  await page.getByLabel(uk.form.text, { exact: true }).pressSequentially(text);
  await page.getByLabel(uk.form.displayName, { exact: true }).pressSequentially("Олена");
  await page.getByLabel(uk.form.city, { exact: true }).pressSequentially("Львів");
  const refused = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: uk.form.submit }).click();
  expect((await refused).status()).toBe(400);
  await expect(page.getByTestId("error-summary")).toContainText(uk.validation.consent);
  await expect(page.getByRole("radio", { name: uk.form.star["4"], exact: true })).toBeChecked();
  await expect(page.getByLabel(uk.form.text, { exact: true })).toHaveValue(text);
  await expect(page.getByLabel(uk.form.displayName, { exact: true })).toHaveValue("Олена");
  await expect(page.getByLabel(uk.form.city, { exact: true })).toHaveValue("Львів");

  await page.getByLabel(uk.form.consent, { exact: true }).check();
  await page.getByRole("button", { name: uk.form.submit }).click();
  await expect(page.getByTestId("review-saved")).toContainText(uk.saved.heading);
  // Changed while it waits for the operator: still one review, now with five stars.
  await page.getByRole("radio", { name: uk.form.star["5"], exact: true }).check();
  await page.getByRole("button", { name: uk.form.update }).click();
  await expect(page.getByTestId("review-saved")).toBeVisible();
  const stored = withDatabase(site.databasePath, (db) =>
    db
      .prepare(
        "SELECT r.stars, r.text, r.display_name, r.city, r.locale, r.status FROM reviews r JOIN orders o ON o.id = r.order_id WHERE o.payment_token = ?",
      )
      .all(site.token),
  );
  expect(stored).toEqual([{ stars: 5, text, display_name: "Олена", city: "Львів", locale: "uk", status: "pending" }]);

  // Once the operator has decided, the page says so instead of the form.
  withDatabase(site.databasePath, (db) =>
    db.prepare("UPDATE reviews SET status = 'rejected' WHERE order_id = (SELECT id FROM orders WHERE payment_token = ?)").run(site.token),
  );
  await page.goto(formUrl);
  await expect(page.getByTestId("review-decided")).toContainText(uk.decided.heading);
  await expect(page.getByTestId("review-form")).toHaveCount(0);
});

test("an order not yet dispatched cannot be reviewed, and a token of no order finds nothing", async ({ page }) => {
  const pl = strings("pl", "review");
  await page.goto(`${site.base}/platnosc/${site.undispatchedToken}/opinia`);
  await expect(page.getByTestId("review-not-yet")).toHaveText(filled(pl.notYet));
  await expect(page.getByTestId("review-form")).toHaveCount(0);
  const missing = await page.goto(`${site.base}/platnosc/${"x".repeat(32)}/opinia`);
  expect(missing!.status()).toBe(404);
  await expect(page.locator("h1")).toHaveText(pl.notFound.heading);
});

test("a cancelled or withdrawn order's review page says no review and no request will come", async ({ page }) => {
  const placed = {
    cancelled: await placeOrder(site.base, `closed-${randomLetters()}@example.com`, "pl"),
    withdrawn: await placeOrder(site.base, `closed-${randomLetters()}@example.com`, "ru"),
  };
  withDatabase(site.databasePath, (db) => {
    const at = new Date().toISOString();
    db.prepare("UPDATE orders SET status = 'cancelled', cancelled_at = ? WHERE payment_token = ?").run(at, placed.cancelled.token);
    db.prepare("UPDATE orders SET status = 'paid', paid_at = ?, withdrawn_at = ? WHERE payment_token = ?").run(
      at,
      at,
      placed.withdrawn.token,
    );
  });
  await page.goto(`${site.base}/platnosc/${placed.cancelled.token}/opinia`);
  await expect(page.getByTestId("review-closed")).toHaveText(strings("pl", "review").closed.cancelled);
  await expect(page.getByTestId("review-not-yet")).toHaveCount(0);
  await page.goto(`${site.base}/ru/payment/${placed.withdrawn.token}/review`);
  await expect(page.getByTestId("review-closed")).toHaveText(strings("ru", "review").closed.withdrawn);
  await expect(page.getByTestId("review-form")).toHaveCount(0);
});

test("the operator records a customer's objection to the review request: the customer's data page and the order's history say so", async ({
  page,
}, testInfo) => {
  const placed = await placeOrder(site.base, `objects-${randomLetters()}@example.com`, "pl");
  const orderId = withDatabase(site.databasePath, (db) => {
    db.prepare("UPDATE orders SET status = 'dispatched', paid_at = ?, dispatched_at = ? WHERE payment_token = ?").run(
      new Date().toISOString(),
      new Date().toISOString(),
      placed.token,
    );
    return (db.prepare("SELECT id FROM orders WHERE payment_token = ?").get(placed.token) as { id: number }).id;
  });
  const operator = uniqueOperatorEmail(`objection-${testInfo.project.name}`);
  createOperator(operator, undefined, site.databasePath);
  await signIn(page, operator);
  await page.goto(`/admin/customers/${orderId}`);
  await page.getByRole("button", { name: "Zapisz sprzeciw wobec prośby o opinię" }).click();
  await expect(page.getByTestId("review-objection-recorded")).toContainText(
    `Zapisano sprzeciw wobec prośby o opinię w zamówieniach: ${placed.number}.`,
  );
  // Twice is once.
  await page.getByRole("button", { name: "Zapisz sprzeciw wobec prośby o opinię" }).click();
  await expect(page.getByTestId("review-objection-recorded")).toContainText("Sprzeciw był już zapisany");
  await page.getByRole("link", { name: placed.number }).click();
  await expect(page.getByTestId("status-history")).toContainText("klient sprzeciwił się prośbie o opinię (art. 21 RODO)");
});

test("the operator approves a pending review and rejects another: the lists and the order's history say so, and home shows only the approved one", async ({
  page,
}, testInfo) => {
  // `npm run operator` and nine page loads: on a machine busy with the whole suite that has taken a minute.
  test.slow();
  const texts = {
    approved: `Wszystko przyszło na czas, polecam (${testInfo.project.name}).`,
    rejected: `Tekst niezwiązany z usługą, do odrzucenia (${testInfo.project.name}).`,
  };
  const placed = {
    approved: await placeOrder(site.base, `pending-${randomLetters()}@example.com`, "pl"),
    rejected: await placeOrder(site.base, `pending-${randomLetters()}@example.com`, "pl"),
  };
  withDatabase(site.databasePath, (db) => {
    const written = new Date().toISOString();
    for (const kind of ["approved", "rejected"] as const) {
      db.prepare("UPDATE orders SET status = 'dispatched', paid_at = ?, dispatched_at = ? WHERE payment_token = ?").run(
        written,
        written,
        placed[kind].token,
      );
      db.prepare(
        `INSERT INTO reviews (order_id, stars, text, display_name, city, consent_at, locale, created_at, updated_at, status)
         SELECT id, 2, ?, 'Ewa', 'Poznań', ?, 'pl', ?, ?, 'pending' FROM orders WHERE payment_token = ?`,
      ).run(texts[kind], written, written, written, placed[kind].token);
    }
  });
  const operator = uniqueOperatorEmail(`reviews-${testInfo.project.name}`);
  createOperator(operator, undefined, site.databasePath);
  await signIn(page, operator);

  await page.goto("/admin/reviews");
  const pending = page.getByTestId("admin-review");
  const reviewOf = (kind: keyof typeof texts) => pending.filter({ hasText: texts[kind] });
  await expect(reviewOf("approved")).toContainText(placed.approved.number);
  await expect(reviewOf("rejected")).toContainText(placed.rejected.number);
  await reviewOf("approved")
    .getByRole("button", { name: `Zatwierdź do publikacji ${placed.approved.number}` })
    .click();
  await expect(page.getByTestId("review-decided")).toContainText("Zatwierdzono opinię.");
  await expect(reviewOf("approved")).toHaveCount(0);
  await reviewOf("rejected")
    .getByRole("button", { name: `Odrzuć ${placed.rejected.number}` })
    .click();
  await expect(page.getByTestId("review-decided")).toContainText("Odrzucono opinię.");
  await expect(reviewOf("rejected")).toHaveCount(0);

  await page.getByTestId("reviews-tab-approved").click();
  await expect(reviewOf("approved")).toContainText(`Decyzja: ${operator}`);
  await reviewOf("approved").getByRole("link", { name: placed.approved.number }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Zamówienie ${placed.approved.number}`);
  await expect(page.getByTestId("status-history")).toContainText("zatwierdzono opinię klienta do publikacji");

  // The page cache is off on this site: home shows the decision at once.
  await page.goto("/");
  const testimonials = page.locator("#testimonials");
  await expect(testimonials.getByTestId("testimonial")).toHaveCount(APPROVED.length + 1);
  await expect(testimonials).toContainText(texts.approved);
  await expect(testimonials).not.toContainText(texts.rejected);
});
