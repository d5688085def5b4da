import type { Locale } from "~/i18n/locales";
import { pathFor } from "~/i18n/routes";

/** The review form of an order, in the order's language, reached by the order's own link (its payment token). */
export function reviewPath(order: { payment_token: string; locale: Locale }): string {
  return pathFor("review", order.locale, { token: order.payment_token });
}
