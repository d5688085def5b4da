import { useTranslation } from "react-i18next";
import { formatCalendarDate } from "~/i18n/date-format";
import { LOCALE_TAGS, type Locale } from "~/i18n/locales";
import type { Verification } from "./verification";

const TONES = {
  valid: "border-green-700 bg-green-50",
  invalid: "border-red-700 bg-red-50",
  notFound: "border-slate-400 bg-white",
} as const;

/**
 * A code's answer: one panel of the same build whether the code was found or not (docs/decisions/089),
 * its heading saying what the landlord needs to know first, then the few facts the page may show.
 */
export function VerificationResult({ code, verification, locale }: { code: string; verification: Verification; locale: Locale }) {
  const { t } = useTranslation("landlord");
  const date = (isoDay: string) => formatCalendarDate(isoDay, LOCALE_TAGS[locale]);
  let tone: keyof typeof TONES = "notFound";
  let heading = t("verify.result.notFound");
  let text = t("verify.result.notFoundText");
  let facts: Array<[label: string, value: string, testId: string]> = [];
  if (verification.found) {
    const { standing, facts: found } = verification;
    tone = standing.state === "valid" ? "valid" : "invalid";
    if (standing.state === "valid") {
      heading = t("verify.result.valid");
      text = t("verify.result.validText");
    } else if (standing.state === "replaced") {
      // A newer declaration exists; the page never says which, nor links to it (issue 49).
      heading = t("verify.replacement.heading", { date: date(standing.on) });
      text = t("verify.replacement.text");
    } else {
      heading = t(`verify.result.${standing.state}`, { date: date(standing.on) });
      text = t("verify.result.invalidText");
    }
    facts = [
      [t("verify.facts.type"), t(`common:products.${found.type}.name`), "verify-type"],
      [t("verify.facts.issuedOn"), date(found.issuedOn), "verify-issued-on"],
      [t("verify.facts.orderNumber"), found.orderNumber, "verify-order-number"],
      [t("verify.facts.initials"), found.initials, "verify-initials"],
      [t("verify.facts.coResidents"), String(found.coResidents), "verify-co-residents"],
      [t("verify.facts.city"), found.city ?? t("verify.facts.unknown"), "verify-city"],
    ];
  }
  return (
    <section
      aria-labelledby="verify-result-heading"
      className={`rounded-2xl border-2 p-5 sm:p-6 ${TONES[tone]}`}
      data-testid="verify-result"
    >
      <p className="text-sm font-semibold text-slate-600" data-testid="verify-code">
        {t("verify.result.code", { code })}
      </p>
      <h2 id="verify-result-heading" className="mt-1 text-xl font-bold text-slate-900" data-testid="verify-verdict">
        {heading}
      </h2>
      <p className="mt-2 text-slate-800">{text}</p>
      {facts.length > 0 ? (
        <dl className="mt-4 divide-y divide-slate-200 border-t border-slate-200">
          {facts.map(([label, value, testId]) => (
            <div key={testId} className="grid gap-1 py-2 sm:grid-cols-[16rem_1fr] sm:gap-4">
              <dt className="text-slate-700">{label}</dt>
              <dd className="font-semibold break-words text-slate-900" data-testid={testId}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
