import { spawn } from "node:child_process";
import { freePort } from "./free-port";

export const TEST_INPOST = { token: "unit-test-shipx-token", organizationId: "4321" } as const;

/** The InPost stand-in (tests/support/inpost-stand-in.mjs) as its own process on a free port of 127.0.0.1. */
export async function startInpostStandIn(options: { webhookUrl?: string } = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ["tests/support/inpost-stand-in.mjs"], {
    env: {
      ...process.env,
      INPOST_STAND_IN_PORT: String(port),
      INPOST_API_TOKEN: TEST_INPOST.token,
      INPOST_ORGANIZATION_ID: TEST_INPOST.organizationId,
      INPOST_WEBHOOK_URL: options.webhookUrl ?? "",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // It prints one line once it listens.
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`stand-in exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
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
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
