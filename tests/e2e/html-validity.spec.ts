import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { createOperator, currentCode, OPERATOR_PASSWORD, uniqueOperatorEmail } from "./support/admin";
import { ALL_PAGES } from "./support/site";
import { validOrderForm } from "../support/valid-order";

/**
 * The W3C Nu HTML checker (npm vnu-jar, run with Java) over the server's HTML of every
 * route-table page in every language and of every order state: the form with errors, the
 * preview, the payment page and the 404 page. One JVM run for all of them: zero errors.
 */
const vnuJar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

const ORDER_FORM = validOrderForm();

test("every page and every order state is valid HTML (W3C Nu checker)", async ({ request }, testInfo) => {
  test.skip(testInfo.project.name === "js", "the server's HTML is the same for both projects");
  test.setTimeout(120_000);
  const folder = mkdtempSync(join(tmpdir(), "nu-check-"));
  const documents: Array<[string, string]> = [];
  const save = async (name: string, response: { status(): number; text(): Promise<string> }, status: number) => {
    expect(response.status(), name).toBe(status);
    documents.push([name, await response.text()]);
  };

  for (const page of ALL_PAGES) await save(`${page.pageId}-${page.locale}`, await request.get(page.path), 200);
  await save("order-errors-pl", await request.post("/zamowienie-oswiadczenia", { form: { intent: "preview" } }), 400);
  await save("order-errors-uk", await request.post("/uk/order-declaration", { form: { intent: "preview", email: "x" } }), 400);
  await save("order-preview-pl", await request.post("/zamowienie-oswiadczenia", { form: { ...ORDER_FORM, intent: "preview" } }), 200);
  await save("order-preview-en", await request.post("/en/order-declaration", { form: { ...ORDER_FORM, intent: "preview" } }), 200);
  const variantTwo = Object.fromEntries(
    Object.entries(ORDER_FORM).filter(([name]) => !["declarationType", "phone", "landlordName", "startDate"].includes(name)),
  );
  await save(
    "order-automatic-preview",
    await request.post("/umowa-automatyczna", {
      form: { ...variantTwo, rodzaj_oswiadczenia: "regular", telefon: "600 100 200", intent: "preview" },
    }),
    200,
  );
  const accepted = await request.post("/api/accept", {
    data: {
      imie_nazwisko_najemcy: "Nu Checker",
      email: "nu@example.com",
      telefon: "600100200",
      adres_najemcy: "ul. B 2, 00-001 Warszawa",
      adres_eksmisji: "ul. A 1, 70-001 Szczecin",
      rodzaj_oswiadczenia: "notarized",
      okres_najmu_dni: 90,
      jezyk: "ru",
    },
  });
  await save("payment-ru", await request.get((await accepted.json()).payment_url), 200);
  await save("not-found-pl", await request.get("/nie-ma-takiej-strony"), 404);

  // The back office: the login page, a refused sign-in, and, signed in, the list and an order
  // with a refused transition (request keeps the session cookie like a browser).
  const operator = uniqueOperatorEmail("nu");
  createOperator(operator);
  await save("admin-login", await request.get("/admin/login"), 200);
  await save("admin-login-refused", await request.post("/admin/login", { form: { email: operator, password: "wrong" } }), 400);
  expect((await request.post("/admin/login", { form: { email: operator, password: OPERATOR_PASSWORD }, maxRedirects: 0 })).status()).toBe(
    303,
  );
  await save("admin-code", await request.get("/admin/login/code"), 200);
  await save("admin-code-refused", await request.post("/admin/login/code", { form: { code: "12345" } }), 400);
  expect((await request.post("/admin/login/code", { form: { code: await currentCode(operator) }, maxRedirects: 0 })).status()).toBe(303);
  await save("admin-today", await request.get("/admin"), 200);
  await save("admin-list", await request.get("/admin?status=all"), 200);
  const orderId = /href="\/admin\/orders\/(\d+)"/.exec(documents.at(-1)![1])![1];
  await save("admin-order", await request.get(`/admin/orders/${orderId}`), 200);
  await save("admin-customer", await request.get(`/admin/customers/${orderId}`), 200);
  await save("admin-customer-search", await request.get("/admin/customers?q=Nu+Checker"), 200);
  await save(
    "admin-order-refused",
    await request.post(`/admin/orders/${orderId}`, { form: { transition: "mark_dispatched", trackingNumber: "" } }),
    400,
  );
  await save("admin-messages", await request.get("/admin/messages"), 200);
  await save("admin-reply-templates", await request.get("/admin/reply-templates"), 200);
  await save(
    "admin-order-answer-preview",
    await request.post(`/admin/orders/${orderId}?szablon=Jak+odst%C4%85pi%C4%87+od+umowy`, {
      form: { intent: "answer_preview", text: "Dzień dobry,\n<b>odpowiedź</b>" },
    }),
    200,
  );

  const files = documents.map(([name, html]) => {
    const file = join(folder, `${name}.html`);
    writeFileSync(file, html);
    return file;
  });
  let report = "";
  try {
    execFileSync("java", ["-jar", vnuJar, "--errors-only", "--format", "gnu", ...files], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    report = `${failure.stdout ?? ""}${failure.stderr ?? ""}` || failure.message;
  }
  expect(report.replaceAll(`file:${folder}/`, ""), "Nu checker errors").toBe("");
  expect(documents.length).toBe(ALL_PAGES.length + 20);
});
