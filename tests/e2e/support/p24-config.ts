/** The e2e site's Przelewy24 account, known to the stand-in (tests/support/p24-stand-in.mjs) too. */
export const E2E_P24 = { merchantId: 100001, posId: 100001, apiKey: "e2e-p24-api-key-0001", crc: "e2e-p24-crc-0001" } as const;
