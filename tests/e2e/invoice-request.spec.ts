import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { pdfTextOf } from "../support/pdf-text";
import { placeOrder } from "./support/admin";
import { updateOrderInDatabase } from "./support/order";
import { strings } from "./support/site";

/**
 * The customer's invoice page (/platnosc/:token/faktura) on a phone, with JavaScript on and off: what
 * it offers after a cancellation (an invoice for the amount kept after a partial withdrawal, art. 35;
 * a refusal, and nothing "requested", once the whole payment went back), the three months worded as
 * our duty with "napisz do nas", and a waiting request in neutral Polish.
 */
test.use({ viewport: { width: 390, height: 844 } });

const invoice = strings("pl", "invoice");
const DAY = 86_400_000;

/** An order with the early-start request through the JSON API, perhaps asking for an invoice; its invoice page's path. */
async function orderOn(request: APIRequestContext, invoice?: { nabywca: string; adres: string }) {
  const order = await placeOrder(request, { name: "Jan Kowalski", earlyStart: true, invoice });
  return { number: order.number, invoicePath: `${order.paymentPath}/faktura` };
}

/** Paid `daysAgo`, cancelled yesterday, with `refundedGrosze` of 299 zł sent back. */
function paidCancelledRefunded(number: string, refundedGrosze: number, kept: number | null = null, daysAgo = 3) {
  const yesterday = new Date(Date.now() - DAY).toISOString();
  updateOrderInDatabase(number, {
    status: "cancelled",
    paid_at: new Date(Date.now() - daysAgo * DAY).toISOString(),
    cancelled_at: yesterday,
    cancel_reason: "Odstąpienie od umowy",
    withdrawn_at: kept === null ? null : yesterday,
    withdrawal_decision: kept === null ? null : "partial",
    withdrawal_retained_grosze: kept,
    refunded_grosze: refundedGrosze,
    refunded_at: yesterday,
  });
}

async function typeInto(page: Page, selector: string, text: string) {
  await page.locator(selector).pressSequentially(text);
}

test("after a partial withdrawal (art. 35) the customer asks on a phone for an invoice for the amount kept, and downloads it", async ({
  page,
  request,
}) => {
  const order = await orderOn(request);
  paidCancelledRefunded(order.number, 17_850, 12_050);
  await page.goto(order.invoicePath);
  await expect(page.getByTestId("invoice-refusal")).toHaveCount(0);
  await typeInto(page, "#invoice-buyer-name", "Jan Kowalski");
  await typeInto(page, "#invoice-buyer-address", "ul. Krótka 1, 00-001 Warszawa");
  await page.getByRole("button", { name: invoice.panel.submit }).click();
  await expect(page.getByRole("status")).toHaveText(invoice.panel.saved);
  const link = page.getByTestId("customer-invoices").getByRole("link");
  await expect(link).toHaveText(/^Pobierz fakturę FV\/\d{4}\/\d{2}\/\d{4} \(PDF\)$/);
  const pdf = await page.request.get(new URL((await link.getAttribute("href"))!, page.url()).href);
  const text = await pdfTextOf(await pdf.body());
  expect(text).toContain("Wartość brutto: 120,50 PLN");
  expect(text).toContain("Cena jednostkowa netto: 97,97 PLN");
});

test("once the whole payment went back the page says so, and shows no request as waiting beside the refusal", async ({ page, request }) => {
  const order = await orderOn(request, { nabywca: "Jan Kowalski", adres: "ul. Krótka 1, 00-001 Warszawa" });
  paidCancelledRefunded(order.number, 29_900);
  await page.goto(order.invoicePath);
  await expect(page.getByTestId("invoice-refusal")).toHaveText(
    "Zamówienie jest anulowane, a cała wpłata została zwrócona, więc nie wystawiamy do niego faktury.",
  );
  await expect(page.getByTestId("invoice-requested")).toHaveCount(0);
  await expect(page.getByText(invoice.panel.requested)).toHaveCount(0);
  await expect(page.getByTestId("invoice-request-form")).toHaveCount(0);
});

test("a request waiting for the payment is acknowledged in neutral Polish", async ({ page, request }) => {
  const order = await orderOn(request, { nabywca: "Anna Nowak", adres: "ul. Krótka 1, 00-001 Warszawa" });
  await page.goto(order.invoicePath);
  await expect(page.getByTestId("invoice-requested")).toHaveText(
    "Prośba o fakturę została przyjęta. Wystawimy fakturę, gdy zaksięgujemy zapłatę.",
  );
  await expect(page.locator("body")).not.toContainText("Poprosiłeś");
});

test("after the three months the page says our duty has ended, not that an invoice is impossible, and offers to write to us", async ({
  page,
  request,
}) => {
  const order = await orderOn(request);
  updateOrderInDatabase(order.number, { status: "dispatched", paid_at: new Date(Date.now() - 200 * DAY).toISOString() });
  await page.goto(order.invoicePath);
  const refusal = page.getByTestId("invoice-refusal");
  await expect(refusal).toContainText("Termin, w którym musimy wystawić fakturę na żądanie, upłynął");
  await expect(refusal).toContainText("Fakturę możemy jednak wystawić także później: jeśli jej potrzebujesz, napisz do nas.");
  const write = refusal.getByRole("link", { name: "napisz do nas" });
  await expect(write).toHaveAttribute("href", new RegExp(`^mailto:[^?]+\\?subject=Faktura%3A%20${order.number}$`));
  await expect(page.getByTestId("invoice-request-form")).toHaveCount(0);
});
