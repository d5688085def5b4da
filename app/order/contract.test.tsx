import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PLACEHOLDER_COMPANY } from "~/config/company";
import { getFixedT } from "~/i18n/i18n.server";
import { ContractView, contractDocument, contractText } from "./contract";
import { PRODUCTS } from "~/config/products";
import { formatPrice } from "~/i18n/money";
import type { OrderDetails } from "./schema";
import { SAMPLE_API_ORDER } from "../../tests/support/sample-order";

const details: OrderDetails = {
  ...SAMPLE_API_ORDER,
  tenantName: `<script>alert("x")</script> Jan`,
  landlordName: "Anna & <i>Nowak</i>",
  startDate: "2026-12-01",
  additionalInfo: "{{email}} $t(contract.title) <img src=x onerror=alert(1)>",
  rentalPeriodDays: null,
};
const date = new Date("2026-11-22T10:00:00Z");

describe("the contract component", () => {
  it("escapes every piece of user data: markup stays text", async () => {
    const t = await getFixedT("pl", "order");
    const html = renderToStaticMarkup(
      <ContractView
        document={contractDocument({ details, company: PLACEHOLDER_COMPANY, locale: "pl", date, paymentDeadlineDays: 7, t })}
        locale="pl"
        titleLevel={3}
      />,
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<i>");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Jan");
    expect(html).toContain("Anna &amp; &lt;i&gt;Nowak&lt;/i&gt;");
    // Interpolated values are not interpolated again.
    expect(html).toContain("{{email}} $t(contract.title)");
  });

  it.each(["pl", "en", "uk", "ru"] as const)(
    "in %s, promises the replacement declaration when the substitute flat is lost, free or at PRICE_REPLACEMENT",
    async (locale) => {
      const t = await getFixedT(locale, "order");
      const agreement = (replacementPriceGrosze: number) =>
        contractText(
          contractDocument({
            details,
            company: { ...PLACEHOLDER_COMPANY, replacementPriceGrosze },
            locale,
            date,
            paymentDeadlineDays: 7,
            t,
          }),
        );
      const free = agreement(0);
      expect(free).toContain(t("contract.replacement.free"));
      expect(free).toContain("§ 5");
      const paid = agreement(4900);
      expect(paid).toContain(formatPrice(4900, locale));
      expect(paid).not.toContain(t("contract.replacement.free"));
    },
  );

  it("states the legal substance with the visitor's data, the price from the pricing module and the date", async () => {
    const t = await getFixedT("pl", "order");
    const text = contractText(contractDocument({ details, company: PLACEHOLDER_COMPANY, locale: "pl", date, paymentDeadlineDays: 7, t }));
    expect(text).toContain("art. 19a ust. 2 pkt 3 ustawy z dnia 21 czerwca 2001 r. o ochronie praw lokatorów");
    expect(text).toContain(`Adres lokalu wynajmowanego przez Najemcę: ${details.propertyAddress}`);
    // Names stand on labelled lines, never declined inside a sentence.
    expect(text).toContain(`\nNajemca: ${details.tenantName}\n`);
    expect(text).toContain(`Miejsce doręczenia: adres Klienta do korespondencji – ${details.mailingAddress}`);
    expect(text).toContain(formatPrice(PRODUCTS.regular.priceGrosze, "pl"));
    expect(text).toContain("22 listopada 2026");
    expect(text).toContain("1 grudnia 2026");
    expect(text).toContain("jan@example.com");
    expect(text).toContain(PLACEHOLDER_COMPANY.legalName);
  });

  it("names the parties as the terms do, and gives the payment deadline, the cancellation and the refund period their basis", async () => {
    const t = await getFixedT("pl", "order");
    const text = contractText(contractDocument({ details, company: PLACEHOLDER_COMPANY, locale: "pl", date, paymentDeadlineDays: 9, t }));
    // The agreement calls the Client "Najemca" too, and says so where it names them.
    expect(text).toContain(`Klient (dalej także: Najemca): ${details.tenantName}`);
    expect(text).toContain(`Usługodawca: ${PLACEHOLDER_COMPANY.legalName}`);
    expect(text).not.toMatch(/Zamawiaj|Wykonawc/);
    expect(text).toContain("Termin płatności wynosi 9 dni od zawarcia umowy");
    expect(text).toContain("umowa rozwiązuje się z jego upływem");
    expect(text).toContain("14 dni od dnia otrzymania oświadczenia o odstąpieniu");
    expect(text).toContain("art. 38a");
  });

  it("binds what the site does: who signs, every way to pay, when the right of withdrawal ends and when the Provider may end the agreement", async () => {
    const t = await getFixedT("pl", "order");
    const text = contractText(contractDocument({ details, company: PLACEHOLDER_COMPANY, locale: "pl", date, paymentDeadlineDays: 7, t }));
    expect(text.split("\n")[0]).toBe(
      "Umowa o przygotowanie i dostarczenie oświadczenia właściciela lokalu (art. 19a ust. 2 pkt 3 u.o.p.l.)",
    );
    expect(text).toContain(
      "Usługodawca zapewni podpisanie i dostarczy Klientowi oświadczenie właściciela innego lokalu albo osoby posiadającej tytuł prawny",
    );
    expect(text).toContain(
      "Usługodawca zapewni podpisanie Oświadczenia w ciągu 1 dnia roboczego od zaksięgowania płatności i nada je w ciągu 2 dni roboczych od podpisania.",
    );
    expect(text).not.toContain("przygotuje podpisane");
    expect(text).toContain("BLIK");
    expect(text).toContain("PayPro S.A.");
    expect(text).toContain("po pełnym wykonaniu usługi, czyli doręczeniu Klientowi Oświadczenia");
    expect(text).toContain("Usługodawca może wypowiedzieć umowę ze skutkiem natychmiastowym wyłącznie wtedy");
    expect(text).toContain("chyba że Klient potwierdzi, że chce wykonania zamówienia (regulamin, § 4 ust. 6)");
    for (const locale of ["en", "uk", "ru"] as const) {
      const translated = contractText(
        contractDocument({
          details: { ...details, additionalInfo: null },
          company: PLACEHOLDER_COMPANY,
          locale,
          date,
          paymentDeadlineDays: 7,
          t: await getFixedT(locale, "order"),
        }),
      );
      expect(translated, locale).toMatch(/PayPro S\.A\./);
      expect(translated, locale).toMatch(/§ 5(\(5\)| п\. 5)/);
      expect(translated, locale).not.toMatch(/\{\{|\$t\(|\(\s*\)/);
    }
  });

  it("tells the customer, before they accept, where the withdrawal function is (art. 11a), by the button's own words", async () => {
    for (const locale of ["pl", "en", "uk", "ru"] as const) {
      const text = contractText(
        contractDocument({
          details,
          company: PLACEHOLDER_COMPANY,
          locale,
          date,
          paymentDeadlineDays: 7,
          t: await getFixedT(locale, "order"),
        }),
      );
      const button = (await getFixedT(locale, "common"))("footer.withdrawal");
      expect(text, locale).toMatch(new RegExp(`[„“«]${button}[”»]`));
    }
  });

  it("names the way the customer chose (a courier to the address, or the InPost locker with its pick-up time) and what happens to a parcel left uncollected", async () => {
    const locker = { method: "locker" as const, point: "KRA010", address: "ul. Floriańska 3, 31-042 Kraków" };
    for (const locale of ["pl", "en", "uk", "ru"] as const) {
      const t = await getFixedT(locale, "order");
      const agreement = (delivery?: OrderDetails["delivery"]) =>
        contractText(
          contractDocument({ details: { ...details, delivery }, company: PLACEHOLDER_COMPANY, locale, date, paymentDeadlineDays: 7, t }),
        );
      const byCourier = agreement();
      const toLocker = agreement(locker);
      expect(byCourier, locale).toContain(t("contract.delivery.address", { address: details.mailingAddress }));
      expect(byCourier, locale).toMatch(/kurier|courier|кур’єр|курьер/i);
      // A locker customer's agreement sends no courier anywhere, names the locker and the time to collect it.
      expect(toLocker, locale).not.toMatch(/kurier|courier|кур’єр|курьер/i);
      expect(toLocker, locale).toContain("KRA010, ul. Floriańska 3, 31-042 Kraków");
      expect(toLocker, locale).toMatch(/48/);
      // Both point to the terms' rule for a parcel that comes back.
      for (const text of [byCourier, toLocker]) expect(text, locale).toMatch(/§ 5( ust\. 6|\(6\)| п\. 6)/);
    }
  });

  it("is written in each page language and shows variant 2's 90 days", async () => {
    for (const [locale, phrase] of [
      ["en", "art. 19a(2)(3)"],
      ["uk", "ст. 19a"],
      ["ru", "ст. 19a"],
    ] as const) {
      const t = await getFixedT(locale, "order");
      const text = contractText(
        contractDocument({
          details: {
            ...details,
            declarationType: "notarized",
            rentalPeriodDays: 90,
            landlordName: null,
            startDate: null,
            additionalInfo: null,
          },
          company: PLACEHOLDER_COMPANY,
          locale,
          date,
          paymentDeadlineDays: 7,
          t,
        }),
      );
      expect(text).toContain(phrase);
      expect(text).toContain(formatPrice(PRODUCTS.notarized.priceGrosze, locale));
      expect(text).toMatch(/90/);
      expect(text).not.toMatch(/contract\./);
      // A date ends its line once: no "р.." after the Ukrainian or Russian year abbreviation.
      expect(text).not.toMatch(/\.\./);
    }
  });
});
