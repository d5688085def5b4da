/**
 * COURIER_TRACKING_URL is the courier's public tracking page with `{number}` where the tracking
 * number goes (https://tracking.example/?number={number}); the env schema checks the setting holds
 * it, and app/order/parcel-tracking.ts puts the number there.
 */
export const TRACKING_NUMBER_PLACEHOLDER = "{number}";
