/**
 * Where Przelewy24 posts its notifications: a payment's (urlStatus of transaction/register) and a
 * refund's (urlStatus of transaction/refund), each in its own shape. They are the paths exempt from
 * the same-origin screen: the gateway's server is another site by definition, so its POST is
 * checked by its signature instead (app/payments/notification.server.ts, refund-notification.server.ts).
 */
export const P24_NOTIFICATION_PATH = "/payments/przelewy24/notification";
export const P24_REFUND_NOTIFICATION_PATH = "/payments/przelewy24/refund-notification";
