import { useTranslation } from "react-i18next";
import { MapIcon, ReceiptIcon, ShieldIcon, TimerIcon } from "~/components/page-icons";
import { Section } from "~/components/Section";
import { pricesSentence } from "~/i18n/vat-wording";
import { copyList, deliveryContext, type TitledText } from "~/content/copy";
import { useRequiredRootData } from "~/render/root-data";

/** The four claims the product may make, in the order of the copy. */
const ICONS = [ShieldIcon, TimerIcon, MapIcon, ReceiptIcon];

export function WhyUs({ lockersOffered }: { lockersOffered: boolean }) {
  const { t } = useTranslation("home");
  const { company } = useRequiredRootData();
  return (
    <Section id="why-us" heading={t("whyUs.heading")}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {copyList<TitledText>(t, "whyUs.items", { prices: pricesSentence(company.vat, t), ...deliveryContext(lockersOffered) }).map(
          (item, index) => {
            const Icon = ICONS[index % ICONS.length]!;
            return (
              <li key={item.title} className="rounded-2xl bg-blue-50 p-6">
                <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-white text-blue-900 shadow-sm">
                  <Icon />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{item.title}</h3>
                <p className="mt-2 leading-relaxed text-slate-700">{item.text}</p>
              </li>
            );
          },
        )}
      </ul>
    </Section>
  );
}
