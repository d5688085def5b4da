import { useTranslation } from "react-i18next";
import { Link } from "@remix-run/react";
import { CheckIcon } from "~/components/icons";
import { PageHeader } from "~/components/PageHeader";
import { Section } from "~/components/Section";
import { copyList, type TitledText } from "~/content/copy";
import { pathFor } from "~/i18n/routes";
import { pageMeta } from "~/i18n/seo";
import { useLocale } from "~/render/root-data";
import { NO_HYDRATION } from "~/render/hydration";
import { SHAREABLE_PAGE } from "~/render/shareable";

/** Every behaviour of this page works as plain HTML: it loads no JavaScript. */
export const handle = { ...NO_HYDRATION, ...SHAREABLE_PAGE };

export const meta = pageMeta;

export default function LandlordPage() {
  const { t } = useTranslation("landlord");
  const locale = useLocale();

  return (
    <>
      <PageHeader title={t("heading")} lead={t("lead")} />
      <Section id="benefits" heading={t("benefits.heading")}>
        <ul className="grid gap-6 sm:grid-cols-2">
          {copyList<TitledText>(t, "benefits.items").map((item) => (
            <li key={item.title} className="rounded-2xl bg-blue-50 p-6">
              <h3 className="text-lg font-semibold text-slate-900">{item.title}</h3>
              <p className="mt-2 leading-relaxed text-slate-700">{item.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="requirements" heading={t("requirements.heading")} lead={t("requirements.lead")} tone="muted">
        <ol className="grid gap-6 md:grid-cols-2">
          {copyList<TitledText>(t, "requirements.items").map((item, index) => (
            <li key={item.title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span
                aria-hidden="true"
                className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-blue-900 font-bold text-white"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="text-lg font-semibold text-slate-900">{item.title}</h3>
                <p className="mt-2 leading-relaxed text-slate-700">{item.text}</p>
              </div>
            </li>
          ))}
        </ol>
        {/* What usually comes with the lease but the Act does not require as an attachment stands apart from the list. */}
        <div className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white p-6">
          <h3 className="text-lg font-semibold text-slate-900">{t("requirements.also.title")}</h3>
          <p className="mt-2 leading-relaxed text-slate-700">{t("requirements.also.text")}</p>
        </div>
      </Section>
      <Section id="help" heading={t("help.heading")}>
        <div className="grid gap-8 md:grid-cols-[3fr_2fr]">
          <p className="text-lg leading-relaxed text-slate-700">{t("help.text")}</p>
          <div>
            <ul className="space-y-3">
              {copyList<string>(t, "help.points").map((point) => (
                <li key={point} className="flex gap-3 text-slate-800">
                  <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
                  <span>{point}</span>
                </li>
              ))}
            </ul>
            <Link to={pathFor("order", locale)} className="btn-primary mt-6">
              {t("help.button")}
            </Link>
          </div>
        </div>
      </Section>
      <Section id="verify" heading={t("verifyLink.heading")} tone="muted">
        <p className="max-w-3xl text-lg leading-relaxed text-slate-700">{t("verifyLink.text")}</p>
        <Link to={pathFor("verify", locale)} className="btn-primary mt-6" data-testid="landlord-verify-link">
          {t("verifyLink.button")}
        </Link>
      </Section>
    </>
  );
}
