import { env } from "~/config/env.server";
import type { Przelewy24Config } from "./przelewy24.server";

/**
 * Przelewy24's settings from the env schema, or null when online payment is off (no
 * P24_MERCHANT_ID, P24_API_KEY or P24_CRC): the site then offers the bank transfer only.
 * The client itself is built once, in app/load-context.server.ts.
 */
export function przelewy24Settings(): Przelewy24Config | null {
  const { P24_MERCHANT_ID: merchantId, P24_POS_ID: posId, P24_API_KEY: apiKey, P24_CRC: crc, P24_API_URL: apiUrl } = env;
  // Przelewy24 gives the merchant one POS whose id is the merchant id unless the panel says otherwise.
  return merchantId && apiKey && crc ? { merchantId, posId: posId ?? merchantId, apiKey, crc, apiUrl } : null;
}

/** Whether the site offers online payment: the e-mails then say "pay online". */
export function onlinePaymentConfigured(): boolean {
  return przelewy24Settings() !== null;
}

/** The gateway's origin, where the pay-by-link form's 303 leads: the page's form-action policy must allow it. */
export function gatewayFormActions(): string[] {
  return onlinePaymentConfigured() ? [new URL(env.P24_API_URL).origin] : [];
}
