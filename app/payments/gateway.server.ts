import { env } from "~/config/env.server";
import type { PaymentGateway } from "./gateway";
import { createPrzelewy24Gateway } from "./przelewy24.server";
import type { TransactionLookup } from "./settle.server";
import { createSharedLookup } from "./shared-lookup.server";

let gateway: PaymentGateway | null | undefined;
let pageLookup: TransactionLookup | undefined;

/** The configured gateway, or null when online payment is off (no P24_MERCHANT_ID): the site then offers the bank transfer only. */
export function configuredGateway(): PaymentGateway | null {
  if (gateway !== undefined) return gateway;
  const { P24_MERCHANT_ID: merchantId, P24_POS_ID: posId, P24_API_KEY: apiKey, P24_CRC: crc, P24_API_URL: apiUrl } = env;
  // Przelewy24 gives the merchant one POS whose id is the merchant id unless the panel says otherwise.
  gateway = merchantId && apiKey && crc ? createPrzelewy24Gateway({ merchantId, posId: posId ?? merchantId, apiKey, crc, apiUrl }) : null;
  return gateway;
}

/** How the payment page asks the configured gateway about a payment: shared, at most once per payment every 10 s. */
export function paymentPageLookup(): TransactionLookup | null {
  const configured = configuredGateway();
  if (!configured) return null;
  pageLookup ??= createSharedLookup(configured);
  return pageLookup;
}

/** The gateway's origin, where the pay-by-link form's 303 leads: the page's form-action policy must allow it. */
export function gatewayFormActions(): string[] {
  return configuredGateway() ? [new URL(env.P24_API_URL).origin] : [];
}
