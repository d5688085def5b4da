import { useTranslation } from "react-i18next";
import { CallToAction } from "~/components/CallToAction";
import { CheckIcon } from "~/components/icons";
import { Faq } from "~/components/Faq";
import { PageHeader } from "~/components/PageHeader";
import { Section } from "~/components/Section";
import { copyList, type QuestionAnswer } from "~/content/copy";
import { pathFor } from "~/i18n/routes";
import { pageMeta } from "~/i18n/seo";
import { PRODUCTS } from "~/config/products";
import { formatPrice } from "~/i18n/money";
import { pricesSentence } from "~/i18n/vat-wording";
import { useLocale, useRequiredRootData } from "~/render/root-data";
import { NO_HYDRATION } from "~/render/hydration";
import { SHAREABLE_PAGE } from "~/render/shareable";

/** Every behaviour of this page works as plain HTML: it loads no JavaScript. */
export const handle = { ...NO_HYDRATION, ...SHAREABLE_PAGE };

export const meta = pageMeta;

type Card = { title: string; text: string; items?: string[] };

export default function TenantPage() {
  const { t } = useTranslation("tenant");
  const locale = useLocale();
  const { substituteCity, company } = useRequiredRootData();
  const faqValues = {
    substituteCity,
    prices: pricesSentence(company.vat, t),
    regularPrice: formatPrice(PRODUCTS.regular.priceGrosze, locale),
    notarizedPrice: formatPrice(PRODUCTS.notarized.priceGrosze, locale),
  };

  return (
    <>
      <PageHeader title={t("heading")} lead={t("lead")} />
      <div className="mx-auto max-w-6xl px-4">
        <ul className="grid gap-6 md:grid-cols-2">
          {copyList<Card>(t, "cards").map((card) => (
            <li key={card.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:p-8">
              <h2 className="text-xl font-bold text-slate-900">{card.title}</h2>
              <p className="mt-3 leading-relaxed text-slate-700">{card.text}</p>
              {card.items ? (
                <ol className="mt-4 list-decimal space-y-2 pl-5 leading-relaxed text-slate-700 marker:font-semibold marker:text-blue-900">
                  {card.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ol>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
      <Section id="why-us" heading={t("whyUs.heading")}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {copyList<string>(t, "whyUs.items").map((item) => (
            <li key={item} className="flex gap-3 rounded-xl bg-blue-50 p-4 text-slate-800">
              <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="faq" heading={t("faq.heading")} tone="muted">
        <div className="mx-auto max-w-3xl">
          <Faq items={copyList<QuestionAnswer>(t, "faq.items", faqValues)} />
        </div>
      </Section>
      <CallToAction heading={t("cta.heading")} text={t("cta.text")} button={t("cta.button")} to={pathFor("order", locale)} />
    </>
  );
}
