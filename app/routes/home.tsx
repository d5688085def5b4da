import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Hero } from "~/components/home/Hero";
import { HowItWorks } from "~/components/home/HowItWorks";
import { RentalInfo } from "~/components/home/RentalInfo";
import { WhyUs } from "~/components/home/WhyUs";
import { PricingCards } from "~/components/PricingCards";
import { Section } from "~/components/Section";
import { Testimonials, testimonialsGroup } from "~/reviews/Testimonials";
import { Faq } from "~/components/Faq";
import { pricesSentence } from "~/i18n/vat-wording";
import { copyList, deliveryContext, type QuestionAnswer } from "~/content/copy";
import { useRequiredRootData } from "~/render/root-data";
import { pageMeta } from "~/i18n/seo";
import { SHAREABLE_PAGE } from "~/render/shareable";
import { homeLoader } from "./home.server";

export const meta = pageMeta;

/** Every visitor sees the same home page: answered from the page cache (docs/decisions/025). */
export const handle = { ...SHAREABLE_PAGE };
export const loader = homeLoader;

export default function HomePage() {
  const { t } = useTranslation("home");
  const { reviews, lockersOffered } = useLoaderData<typeof loader>();
  const { company } = useRequiredRootData();
  const testimonials = `testimonials.${testimonialsGroup(reviews)}`;
  return (
    <>
      <Hero />
      <HowItWorks lockersOffered={lockersOffered} />
      <RentalInfo />
      <WhyUs lockersOffered={lockersOffered} />
      <Section
        id="pricing"
        heading={t("pricing.heading")}
        lead={t("pricing.lead", { prices: pricesSentence(company.vat, t) })}
        tone="muted"
      >
        <PricingCards lockersOffered={lockersOffered} />
        <p className="mt-6 text-center text-sm text-slate-600">{t("pricing.note")}</p>
      </Section>
      <Section id="testimonials" heading={t(`${testimonials}.heading`)} lead={t(`${testimonials}.lead`)}>
        <Testimonials reviews={reviews} />
      </Section>
      <Section id="faq" heading={t("faq.heading")} tone="muted">
        <div className="mx-auto max-w-3xl">
          <Faq items={copyList<QuestionAnswer>(t, "faq.items", deliveryContext(lockersOffered))} />
        </div>
      </Section>
    </>
  );
}
