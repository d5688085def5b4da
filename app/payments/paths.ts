/**
 * Where Przelewy24 posts its payment notifications (urlStatus). It is the one path exempt from
 * the same-origin screen: the gateway's server is another site by definition, so its POST is
 * checked by its signature instead (app/payments/notification.server.ts).
 */
export const P24_NOTIFICATION_PATH = "/payments/przelewy24/notification";
