// A named import of one top-level key: the bundler leaves the rest of the file out of the browser's JavaScript.
import { products as polishProducts } from "../../locales/pl/common.json";
import { CURRENCY, type DeclarationType } from "~/config/products";
import { priceInZloty } from "~/i18n/money";

/*
 * Apart from events.ts, whose constants every page's social links use: only the pages that
 * report a product (the pricing cards, the order steps on the server) carry its Polish names.
 */

/** The events' custom_data: the real price of the chosen type (never "always 399"). */
export type ProductEventData = { value: number; currency: typeof CURRENCY; content_name: string; content_id: DeclarationType };

export function productEventData(type: DeclarationType): ProductEventData {
  return {
    value: priceInZloty(type),
    currency: CURRENCY,
    // Polish names in every language, so reports group one product under one name.
    content_name: polishProducts[type].name,
    content_id: type,
  };
}
