import { freePort } from "./free-port";
import { startStandInProcess } from "./stand-ins.mjs";

export const TEST_P24 = { merchantId: 100002, posId: 100002, apiKey: "unit-test-api-key", crc: "unit-test-crc" } as const;

/** The Przelewy24 stand-in (tests/support/p24-stand-in.mjs) as its own process on a free port of 127.0.0.1. */
export async function startPrzelewy24StandIn() {
  return startStandInProcess("przelewy24", {
    port: await freePort(),
    env: {
      P24_MERCHANT_ID: String(TEST_P24.merchantId),
      P24_POS_ID: String(TEST_P24.posId),
      P24_API_KEY: TEST_P24.apiKey,
      P24_CRC: TEST_P24.crc,
    },
  });
}
