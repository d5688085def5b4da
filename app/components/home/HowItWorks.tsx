import { useTranslation } from "react-i18next";
import { Section } from "~/components/Section";
import { copyList, deliveryContext, type TitledText } from "~/content/copy";

/** The three steps; the last names the parcel locker too while lockers are offered. */
export function HowItWorks({ lockersOffered }: { lockersOffered: boolean }) {
  const { t } = useTranslation("home");
  return (
    <Section id="how-it-works" heading={t("howItWorks.heading")} lead={t("howItWorks.lead")}>
      <ol className="grid gap-6 md:grid-cols-3">
        {copyList<TitledText>(t, "howItWorks.steps", deliveryContext(lockersOffered)).map((step, index) => (
          <li key={step.title} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <span
              aria-hidden="true"
              className="flex h-10 w-10 items-center justify-center rounded-full bg-blue-900 text-lg font-bold text-white"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
            <p className="mt-2 leading-relaxed text-slate-600">{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
