import { useTranslation } from "react-i18next";
import { CheckIcon } from "~/components/icons";
import { Section } from "~/components/Section";
import { copyList } from "~/content/copy";

/** Why the law asks for a substitute address (the hero's second button lands here). */
export function RentalInfo() {
  const { t } = useTranslation("home");
  return (
    <Section id="rental-info" heading={t("rentalInfo.heading")} tone="muted">
      <div className="grid items-center gap-10 md:grid-cols-2">
        <div>
          <p className="text-lg leading-relaxed text-slate-700">{t("rentalInfo.lead")}</p>
          <ul className="mt-6 space-y-4">
            {copyList<string>(t, "rentalInfo.points").map((point) => (
              <li key={point} className="flex gap-3 leading-relaxed text-slate-700">
                <CheckIcon className="mt-1 h-5 w-5 shrink-0 text-blue-900" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>
        <img
          src="/images/eviction-address.svg"
          width={480}
          height={360}
          alt={t("rentalInfo.imageAlt")}
          loading="lazy"
          decoding="async"
          className="mx-auto h-auto w-full max-w-md rounded-3xl"
        />
      </div>
    </Section>
  );
}
