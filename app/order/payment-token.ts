/**
 * An order's payment token: 24 random bytes in base64url, the only key to its payment page and its
 * agreement PDF. Anything else (a NUL, a control character, a path that is too long) is checked
 * before a query: no order has such a token, and PostgreSQL refuses a NUL in a query outright.
 */
const PAYMENT_TOKEN = /^[A-Za-z0-9_-]{32}$/;

export function isPaymentToken(value: string): boolean {
  return PAYMENT_TOKEN.test(value);
}
