import { PRODUCTS, type DeclarationType } from "~/config/products";

/*
 * An order placed before the flat is found (docs/decisions/091): the customer ticks "Nie mam jeszcze adresu
 * mieszkania", orders and pays, and gives the flat's address later on the order's page. No declaration is drawn
 * or dispatched before that, and the delivery promise counts from the day it is given.
 */

/** The order form's checkbox, and the order page's intent that stores the address. */
export const ADDRESS_LATER_FIELD = "addressLater";
export const ADDRESS_INTENT = "address";
/** The order page's two steps: the typed address with the declaration's text to check, then its confirmation. */
export const ADDRESS_STEPS = { preview: "preview", confirm: "confirm" } as const;
export type AddressStep = (typeof ADDRESS_STEPS)[keyof typeof ADDRESS_STEPS];

/** The days after payment a reminder goes while the address is missing, each once. */
export const ADDRESS_REMINDER_DAYS = [7, 30] as const;

/** The order's total: the declaration's price, plus PRICE_ADDRESS_LATER when the flat's address comes later. */
export function orderPriceGrosze(type: DeclarationType, addressLater: boolean, addressLaterGrosze: number): number {
  return PRODUCTS[type].priceGrosze + (addressLater ? addressLaterGrosze : 0);
}

/**
 * The columns that say whether an order still waits for its flat's address. Optional so facts built by hand (a test's
 * order, an older query) read as an order placed with its address; every query of orders a person acts on selects them.
 */
export type AddressFacts = { address_pending?: number; address_given_at?: string | null };

export function awaitsAddress(order: Pick<AddressFacts, "address_pending">): boolean {
  return order.address_pending === 1;
}

/** The day the delivery promise counts from when later than the payment (deliveryDates' `addressGivenAt`); null when ordered with the address. */
export function addressGivenAtOf(order: Pick<AddressFacts, "address_given_at">): Date | null {
  return order.address_given_at ? new Date(order.address_given_at) : null;
}
