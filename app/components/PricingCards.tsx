import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CheckIcon } from "~/components/icons";
import { copyList, deliveryContext } from "~/content/copy";
import { pathFor } from "~/i18n/routes";
import { SIGNING_BUSINESS_DAYS } from "~/config/delivery";
import { DECLARATION_TYPES, type DeclarationType } from "~/config/products";
import { vatWording } from "~/i18n/vat-wording";
import { useLocale, useRequiredRootData, useRootData } from "~/render/root-data";
import { useCheckoutLinkClick } from "~/tracking/checkout-link";
import { checkoutHref } from "~/tracking/events";

/**
 * The order button of a pricing card: a plain link to this language's order page with
 * the type preselected (`?type=`), so it works without JavaScript. The order page's
 * loader reports InitiateCheckout from that parameter; with JavaScript the click also
 * fires the pixels first (capped, so navigation never waits on tracking).
 */
export function OrderLink({ type, className, children }: { type: DeclarationType; className?: string; children: ReactNode }) {
  const locale = useLocale();
  const onCheckoutClick = useCheckoutLinkClick(Boolean(useRootData()?.pixels));
  return (
    <Link
      to={checkoutHref(pathFor("order", locale), type)}
      onClick={(event) => onCheckoutClick(event, type)}
      className={className}
      data-testid={`pricing-order-${type}`}
    >
      {children}
    </Link>
  );
}

/** The two products: prices from the pricing module, turnaround from the delivery promise (app/config/delivery.ts). */
export function PricingCards({ lockersOffered }: { lockersOffered: boolean }) {
  const { t } = useTranslation("home");
  const { t: tc } = useTranslation();
  const { prices, company, addressLaterPrice } = useRequiredRootData();

  return (
    <div id="service-tile" className="grid gap-6 md:grid-cols-2">
      {/* The extra for an order placed before the flat is found, when there is one (PRICE_ADDRESS_LATER, docs/decisions/091). */}
      {addressLaterPrice ? <p className="md:col-span-2">{t("pricing.addressLater", { price: addressLaterPrice.price })}</p> : null}
      {DECLARATION_TYPES.map((type) => {
        const nameId = `pricing-${type}-name`;
        const featured = type === "notarized";
        return (
          <article
            key={type}
            aria-labelledby={nameId}
            data-testid={`pricing-card-${type}`}
            className={`flex flex-col rounded-2xl border bg-white p-6 shadow-sm md:p-8 ${featured ? "border-blue-900 ring-1 ring-blue-900" : "border-slate-200"}`}
          >
            <h3 id={nameId} className="text-xl font-bold text-slate-900">
              {tc(`products.${type}.name`)}
            </h3>
            <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
              <span className="text-4xl font-extrabold tracking-tight text-blue-900" data-testid={`pricing-price-${type}`}>
                {prices[type]}
              </span>
              <span className="text-sm text-slate-600">{tc("products.vatIncluded", vatWording(company.vat, tc))}</span>
            </p>
            <p className="mt-2 text-sm text-slate-700">
              {t("pricing.turnaroundLabel")}:{" "}
              <strong className="font-semibold">{tc("products.turnaround", { count: SIGNING_BUSINESS_DAYS[type] })}</strong>
            </p>
            <ul className="mt-6 flex-1 space-y-3">
              {copyList<string>(t, `pricing.features.${type}`, deliveryContext(lockersOffered)).map((feature) => (
                <li key={feature} className="flex gap-3 text-slate-700">
                  <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
            <OrderLink type={type} className="btn-primary mt-8 w-full">
              {t("pricing.order")}
              <span className="sr-only">: {tc(`products.${type}.name`)}</span>
            </OrderLink>
          </article>
        );
      })}
    </div>
  );
}
