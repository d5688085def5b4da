import type { Locale } from "~/i18n/locales";
import { pathFor } from "~/i18n/routes";

/**
 * The withdrawal form in the order's language, opened from the order's own link (its payment
 * token): the form is then filled in with the order's details and asks for nothing again.
 */
export function withdrawalPath(order: { payment_token: string; locale: Locale }): string {
  return `${pathFor("withdrawal", order.locale)}?token=${encodeURIComponent(order.payment_token)}`;
}

/** The review form of an order, in the order's language, reached by the order's own link (its payment token). */
export function reviewPath(order: { payment_token: string; locale: Locale }): string {
  return pathFor("review", order.locale, { token: order.payment_token });
}
