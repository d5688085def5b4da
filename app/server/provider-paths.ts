/** The paths where outside services post to the site, exempt from the same-origin screen (./origin-screen.server.ts); remix.config.js routes them. */

/**
 * Where Przelewy24 posts its notifications: a payment's (urlStatus of transaction/register) and a
 * refund's (urlStatus of transaction/refund), each in its own shape. They are the paths exempt from
 * the same-origin screen: the gateway's server is another site by definition, so its POST is
 * checked by its signature instead (app/payments/notification.server.ts, app/payments/refund-notification.server.ts).
 */
export const P24_NOTIFICATION_PATH = "/payments/przelewy24/notification";
export const P24_REFUND_NOTIFICATION_PATH = "/payments/przelewy24/refund-notification";

/**
 * Where InPost posts its webhook (set in Manager Paczek: Moje konto > API > Webhook). It is exempt
 * from the same-origin screen, as the payment notifications are; InPost does not sign it, so the
 * route believes nothing in it but a shipment id, and reads that shipment from ShipX
 * (app/shipping/webhook.server.ts).
 */
export const INPOST_WEBHOOK_PATH = "/shipping/inpost/webhook";
