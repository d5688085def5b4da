/**
 * Where InPost posts its webhook (set in Manager Paczek: Moje konto > API > Webhook). It is exempt
 * from the same-origin screen, as the payment notifications are; InPost does not sign it, so the
 * route believes nothing in it but a shipment id, and reads that shipment from ShipX
 * (app/shipping/webhook.server.ts).
 */
export const INPOST_WEBHOOK_PATH = "/shipping/inpost/webhook";
