import { freePort } from "./free-port";
import { startStandInProcess } from "./stand-ins.mjs";

export const TEST_INPOST = { token: "unit-test-shipx-token", organizationId: "4321" } as const;

/** The InPost stand-in (tests/support/inpost-stand-in.mjs) as its own process on a free port of 127.0.0.1. */
export async function startInpostStandIn(options: { webhookUrl?: string } = {}) {
  const { url, stop } = await startStandInProcess("inpost", {
    port: await freePort(),
    env: {
      INPOST_API_TOKEN: TEST_INPOST.token,
      INPOST_ORGANIZATION_ID: TEST_INPOST.organizationId,
      INPOST_WEBHOOK_URL: options.webhookUrl ?? "",
    },
  });
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${url}${path}`, { method: "POST", body: JSON.stringify(body) });
    return (await response.json()) as Record<string, unknown>;
  };
  return {
    url,
    control: (settings: Record<string, unknown>) => post("/__control", settings),
    moveStatus: (id: string, status: string) => post("/__status", { id, status }),
    foreignShipment: async (reference: string) => String((await post("/__foreign", { reference })).id),
    shipments: async () =>
      (await (await fetch(`${url}/__shipments`)).json()) as {
        shipments: { id: number; reference: string; status: string; service: string; custom_attributes: Record<string, string> }[];
        creates: number;
      },
    stop,
  };
}
