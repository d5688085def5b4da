import { useTranslation } from "react-i18next";
import { CustomerPagePanel } from "~/components/CustomerPagePanel";
import { formatPrice } from "~/i18n/money";
import { useLocale, useRequiredRootData } from "~/render/root-data";
import type { CustomerDeclarations } from "./declarations.server";

/**
 * The order's declarations, the current one and any replaced one with its day (docs/decisions/092), and
 * the 21 days: when the substitute flat can no longer be used, the landlord may ask for another, and
 * how to ask us for the replacement declaration (the messages on this page, or e-mail).
 */
export default function ReplacementDeclarations({ declarations }: { declarations: CustomerDeclarations }) {
  const { t } = useTranslation("payment");
  const { company } = useRequiredRootData();
  const locale = useLocale();
  if (!declarations) return null;
  const price = company.replacementPriceGrosze;
  return (
    <CustomerPagePanel id="declarations" heading={t("replacement.heading")} wide>
      {declarations.items.length > 0 ? (
        <ol className="mt-3 grid gap-3 sm:grid-cols-2">
          {declarations.items.map((item) => (
            <li
              key={item.code}
              className={`rounded-xl border-2 p-4 ${item.replacedOn ? "border-slate-300 bg-slate-50" : "border-green-700 bg-green-50"}`}
              data-testid="declaration-item"
            >
              <p className="font-semibold text-slate-900">
                {t("replacement.issuedOn", { date: item.issuedOn })}:{" "}
                <span data-testid="declaration-state">
                  {item.replacedOn ? t("replacement.replaced", { date: item.replacedOn }) : t("replacement.current")}
                </span>
              </p>
              <p className="mt-1 break-words text-slate-800">{t("replacement.flat", { address: item.flat.address })}</p>
              <p className="break-words text-slate-800">{t("replacement.owner", { owner: item.flat.owner })}</p>
              <p className="font-mono text-slate-700">{t("replacement.code", { code: item.code })}</p>
            </li>
          ))}
        </ol>
      ) : null}
      <h3 className="mt-5 text-lg font-semibold text-slate-900">{t("replacement.ruleHeading")}</h3>
      <p className="mt-2 text-slate-800" data-testid="replacement-rule">
        {t("replacement.rule")}
      </p>
      <p className="mt-2 text-slate-800">
        {t("replacement.howToAsk", { email: company.email })}{" "}
        <a href="#message-form" className="font-semibold text-blue-900 underline">
          {t("replacement.writeLink")}
        </a>
      </p>
      <p className="mt-2 text-slate-800" data-testid="replacement-price">
        {price > 0 ? t("replacement.paid", { amount: formatPrice(price, locale) }) : t("replacement.free")}
        {declarations.notarized ? ` ${t("replacement.notarized")}` : null}
      </p>
    </CustomerPagePanel>
  );
}
