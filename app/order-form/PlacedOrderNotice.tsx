import { useTranslation } from "react-i18next";
import type { PlacedOrder } from "~/order/placed-order.server";

/**
 * Shown on the order page after this browser placed an order: back from the payment page,
 * the visitor sees that the order exists and where to pay for it. With `isThisOrder` the
 * preview on screen is that very order, so it offers no order button at all.
 */
export function PlacedOrderNotice({ order, isThisOrder = false }: { order: PlacedOrder; isThisOrder?: boolean }) {
  const { t } = useTranslation("order");
  return (
    <section
      aria-labelledby="placed-order-heading"
      className="mb-8 rounded-lg border-2 border-green-700 bg-green-50 p-5"
      data-testid="placed-order"
    >
      <h2 id="placed-order-heading" className="text-lg font-bold text-slate-900">
        {t("placed.heading", { number: order.number })}
      </h2>
      <p className="mt-2 text-slate-800">{t(isThisOrder ? "placed.thisOrder" : "placed.text")}</p>
      <p className="mt-4">
        <a href={order.paymentUrl} className="btn-primary">
          {t("placed.goToPayment")}
        </a>
      </p>
    </section>
  );
}
