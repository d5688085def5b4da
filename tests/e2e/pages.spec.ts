import { expect, test } from "@playwright/test";
import { filled, HTTP_ONLY, LOCALES, pathFor, strings } from "./support/site";

/** The blog's dates as each language writes them (app/content/blog.ts): recent ones, newest first. */
const BLOG_DATES = {
  pl: ["20 października 2026", "6 października 2026", "22 września 2026"],
  en: ["20 October 2026", "6 October 2026", "22 September 2026"],
  uk: ["20 жовтня 2026", "6 жовтня 2026", "22 вересня 2026"],
  ru: ["20 октября 2026", "6 октября 2026", "22 сентября 2026"],
} as const;
const BLOG_ISO_DATES = ["2026-10-20", "2026-10-06", "2026-09-22"];

test.describe("tenant page", () => {
  for (const locale of ["pl", "uk"] as const) {
    test(`${locale}: four cards, the why-us list and a three-question FAQ`, async ({ page }) => {
      const tenant = strings(locale, "tenant");
      await page.goto(pathFor("tenant", locale));
      for (const card of tenant.cards) await expect(page.getByRole("heading", { level: 2, name: card.title })).toBeVisible();
      await expect(page.getByRole("heading", { name: tenant.whyUs.heading })).toBeVisible();
      for (const item of tenant.whyUs.items) await expect(page.getByText(filled(item, {}, locale))).toBeVisible();
      await expect(page.getByTestId("faq-item")).toHaveCount(3);
      // The tenant page loads no JavaScript (docs/decisions/013): in both projects every answer is
      // open as plain HTML, and the price answer quotes the pricing module's prices.
      await expect(page.getByTestId("faq")).toHaveAttribute("data-enhanced", "false");
      await expect(page.getByRole("heading", { level: 3, name: tenant.faq.items[2].question })).toBeVisible();
      const priceAnswer = page.getByTestId("faq-answer").nth(2);
      await expect(priceAnswer).toBeVisible();
      await expect(priceAnswer).toContainText("299");
      await expect(priceAnswer).toContainText("399");
    });
  }
});

test.describe("landlord page", () => {
  for (const locale of ["pl", "ru"] as const) {
    test(`${locale}: benefits, what the agreement needs and how we help`, async ({ page }) => {
      const landlord = strings(locale, "landlord");
      await page.goto(pathFor("landlord", locale));
      for (const heading of [landlord.benefits.heading, landlord.requirements.heading, landlord.help.heading]) {
        await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
      }
      for (const item of [...landlord.benefits.items, ...landlord.requirements.items]) {
        await expect(page.getByRole("heading", { level: 3, name: item.title })).toBeVisible();
      }
      await expect(page.getByRole("link", { name: landlord.help.button })).toHaveAttribute("href", pathFor("order", locale));
    });
  }
});

test.describe("blog", () => {
  for (const locale of LOCALES) {
    test(`${locale}: three articles with image, title, summary and the date in the language's convention`, async ({ page }) => {
      const blog = strings(locale, "blog");
      await page.goto(pathFor("blog", locale));
      const cards = page.getByTestId("blog-card");
      await expect(cards).toHaveCount(3);
      const posts = Object.values(blog.posts) as Array<{ title: string; summary: string; imageAlt: string }>;
      for (const [index, post] of posts.entries()) {
        const card = cards.nth(index);
        await expect(card.getByRole("heading")).toHaveText(post.title);
        await expect(card).toContainText(post.summary);
        const date = card.locator("time");
        await expect(date).toContainText(BLOG_DATES[locale][index]!);
        await expect(date).toHaveAttribute("datetime", BLOG_ISO_DATES[index]!);
        const image = card.getByRole("img", { name: post.imageAlt });
        await expect(image).toHaveAttribute("width", /\d+/);
        await expect(image).toHaveAttribute("height", /\d+/);
      }
    });
  }

  test("read more reveals the whole article", async ({ page }) => {
    const blog = strings("en", "blog");
    const post = blog.posts["required-documents"];
    await page.goto(pathFor("blog", "en"));
    const card = page.getByTestId("blog-card").nth(1);
    await expect(card.getByText(post.body[0])).toBeHidden();
    await card.getByText(blog.readMore).click();
    for (const paragraph of post.body) await expect(card.getByText(paragraph)).toBeVisible();
  });
});

test.describe("contact", () => {
  for (const locale of ["pl", "en"] as const) {
    test(`${locale}: legal name, tax id, phone and e-mail links, Szczecin and office hours`, async ({ page }) => {
      const contact = strings(locale, "contact");
      await page.goto(pathFor("contact", locale));
      const main = page.locator("main");
      await expect(page.getByTestId("contact-phone")).toHaveAttribute("href", /^tel:\+?\d{9,}$/);
      await expect(page.getByTestId("contact-email")).toHaveAttribute("href", /^mailto:.+@.+/);
      await expect(page.getByTestId("contact-legal-name")).not.toBeEmpty();
      await expect(page.getByTestId("contact-tax-id")).toContainText(contact.company.taxId.replace("{{taxId}}", ""));
      await expect(page.getByTestId("contact-krs")).toHaveText(
        new RegExp(`^${contact.company.krs.replace("{{krs}}", "").replace(/[()]/g, "\\$&")}\\d{10}$`),
      );
      // Written as the prices are (app/config/products.ts), from the 5 000 zł the configuration holds.
      await expect(page.getByTestId("contact-share-capital")).toHaveText(
        filled(contact.company.shareCapital, { shareCapital: { pl: "5000 zł", en: "PLN 5,000" }[locale] }),
      );
      await expect(main).toContainText("Szczecin");
      const hours = page.getByTestId("contact-hours");
      await expect(hours).toContainText(contact.hours.weekdays);
      await expect(hours).toContainText("09:00–17:00");
      await expect(hours).toContainText(contact.hours.weekend);
      await expect(hours).toContainText(contact.hours.closed);
    });
  }
});

test.describe("legal texts", () => {
  for (const locale of LOCALES) {
    test(`${locale}: the terms have nine sections with their clauses, a version and the model withdrawal form`, async ({ page }) => {
      const terms = strings(locale, "terms");
      await page.goto(pathFor("terms", locale));
      const document = page.getByTestId("legal-document");
      // Nine numbered sections and the withdrawal form after them.
      await expect(document.locator("section")).toHaveCount(10);
      await expect(document.getByRole("heading", { level: 2 })).toHaveCount(10);
      const clauses = terms.sections.reduce((sum: number, section: { items: string[] }) => sum + section.items.length, 0);
      await expect(document.locator("section:not(#withdrawal-form) li")).toHaveCount(clauses);
      await expect(document).toContainText("14");
      // § 5 quotes the delivery promise: signed within 1 / 3 business days of payment, dispatched within 2 more.
      for (const clause of terms.sections[4].items.slice(1, 3)) await expect(document).toContainText(filled(clause, {}, locale));
      await expect(document).not.toContainText("{{");

      const version = page.getByTestId("terms-version");
      await expect(version).toContainText(terms.version.split("{{version}}")[0]);
      await expect(version).toContainText(/\d{4}-\d{2}-\d{2}\.\d+/);
      await expect(version).toContainText(/20\d\d/);

      const form = page.locator("section#withdrawal-form");
      await expect(form.getByRole("heading", { level: 2 })).toHaveText(terms.withdrawalForm.heading);
      await expect(page.getByRole("navigation").getByRole("link", { name: terms.withdrawalForm.heading })).toHaveAttribute(
        "href",
        new RegExp(`^${pathFor("terms", locale)}#withdrawal-form$`),
      );
      await expect(page.getByTestId("withdrawal-form-addressee")).toContainText("Szczecin");
      await expect(page.getByTestId("withdrawal-form-addressee")).toContainText("@");
      for (const field of terms.withdrawalForm.fields) await expect(form).toContainText(field);
    });

    test(`${locale}: the privacy policy has its sections, the effective date and a cookies section`, async ({ page }) => {
      const privacy = strings(locale, "privacy");
      await page.goto(pathFor("privacy", locale));
      await expect(page.getByTestId("privacy-effective")).toHaveText(privacy.effective);
      await expect(page.getByTestId("legal-document").locator("section")).toHaveCount(privacy.sections.length);
      const cookies = page.locator("section#cookies");
      await expect(cookies.getByRole("heading")).toContainText(
        privacy.sections.find((section: { id: string }) => section.id === "cookies").heading,
      );
      await expect(cookies).toContainText("365");
      await expect(cookies).toContainText("Meta");
      await expect(cookies).toContainText("TikTok");
      await expect(page.getByTestId("legal-document")).not.toContainText("{{");
    });

    test(`${locale}: the privacy policy covers reviews, the review request and withdrawal statements, on a phone`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const privacy = strings(locale, "privacy");
      await page.goto(pathFor("privacy", locale));
      for (const id of ["reviews", "withdrawal-statements"]) {
        const section = privacy.sections.find((each: { id: string }) => each.id === id);
        const shown = page.locator(`section#${id}`);
        await expect(shown.getByRole("heading", { level: 2 })).toContainText(section.heading);
        await page.getByRole("navigation").getByRole("link", { name: section.heading }).click();
        await expect(page).toHaveURL(new RegExp(`#${id}$`));
        await expect(shown.getByRole("heading", { level: 2 })).toBeInViewport();
        // Each point as written, up to its first placeholder (the company's e-mail and phone).
        for (const item of section.items) await expect(shown).toContainText(item.split("{{")[0]);
      }
      // The request's timing, said once in common.json, is read into the policy; no key or placeholder shows.
      await expect(page.locator("section#reviews")).toContainText(strings(locale, "common").reviewRequest.when);
      await expect(page.getByTestId("legal-document")).not.toContainText("$t(");
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  }

  for (const locale of ["pl", "uk"] as const) {
    for (const { width, height } of [
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ]) {
      test(`${locale} at ${width} px: the privacy policy covers messages and messengers and the declaration's verification, from the contents`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height });
        const privacy = strings(locale, "privacy");
        await page.goto(pathFor("privacy", locale));
        await expect(page.getByTestId("privacy-effective")).toHaveText(privacy.effective);
        for (const id of ["messages", "verification"]) {
          const section = privacy.sections.find((each: { id: string }) => each.id === id);
          const shown = page.locator(`section#${id}`);
          await page.getByRole("navigation").getByRole("link", { name: section.heading }).click();
          await expect(page).toHaveURL(new RegExp(`#${id}$`));
          await expect(shown.getByRole("heading", { level: 2 })).toContainText(section.heading);
          await expect(shown.getByRole("heading", { level: 2 })).toBeInViewport();
          for (const text of [...section.paragraphs, ...section.items]) await expect(shown).toContainText(text);
        }
        // The policy names the verification page by its address in the page's language, and the warning about ID scans.
        await expect(page.locator("section#verification")).toContainText(pathFor("verify", locale));
        await expect(page.locator("section#messages")).toContainText("PESEL");
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      });
    }
  }
});

test("every indexable page carries the business's structured data", HTTP_ONLY, async ({ request }) => {
  for (const path of [
    ...["tenant", "landlord", "blog", "contact", "terms", "privacy", "order"].map((pageId) => pathFor(pageId, "en")),
    pathFor("orderAutomatic", "pl"),
  ]) {
    const html = await (await request.get(path)).text();
    const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(script, path).toBeTruthy();
    const nodes: Array<Record<string, unknown>> = JSON.parse(script!)["@graph"];
    expect(
      nodes.map((node) => node["@type"]),
      path,
    ).toContain("LocalBusiness");
  }
});

test.describe("register data of the company", () => {
  for (const locale of LOCALES) {
    test(`${locale}: the contact page, the terms and the footer show the same KRS number and share capital`, async ({ page }) => {
      await page.goto(pathFor("contact", locale));
      const krs = /\d{10}/.exec(await page.getByTestId("contact-krs").innerText())![0];
      const capitalLabel = strings(locale, "contact").company.shareCapital.replace("{{shareCapital}}", "");
      const capital = (await page.getByTestId("contact-share-capital").innerText()).replace(capitalLabel, "").trim();
      expect(capital).toMatch(/\d/);
      for (const pageId of ["contact", "terms", "home"] as const) {
        await page.goto(pathFor(pageId, locale));
        await expect(page.getByTestId("footer-registry")).toContainText(krs);
        await expect(page.getByTestId("footer-registry")).toContainText(capital);
      }
      await page.goto(pathFor("terms", locale));
      await expect(page.getByTestId("legal-document").locator("section").first()).toContainText(krs);
      await expect(page.getByTestId("legal-document").locator("section").first()).toContainText(capital);
    });
  }
});
