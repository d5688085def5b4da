/** The tracking configuration the site runs with in the suite (playwright.config.ts passes it to the server). */
export const E2E_TRACKING = { metaPixelId: "100200300400500", capiToken: "e2e-capi-token", tiktokPixelId: "E2ETIKTOKPIXEL" } as const;
