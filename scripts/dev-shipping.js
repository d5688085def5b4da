#!/usr/bin/env node
// `npm run dev:shipping`: the InPost stand-in (tests/support/inpost-stand-in.mjs) on 127.0.0.1:3106
// and `npm run dev` pointed at it, so a fresh clone can pick a parcel locker on the order form
// (postcodes 31-042 Kraków, 00-001 Warszawa, 70-100 Szczecin, 61-001 Poznań, 80-001 Gdańsk) and ship
// a paid order from /admin without an InPost account. Ctrl+C stops both.
import { spawn } from "node:child_process";
import { startStandInProcess } from "../tests/support/stand-ins.mjs";
import { runTogether } from "./run-together.js";

const standInPort = Number(process.env.INPOST_STAND_IN_PORT ?? 3106);
const siteUrl = process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
// Made-up credentials the stand-in checks as ShipX checks real ones.
const account = { INPOST_API_TOKEN: "dev-stand-in-shipx-token", INPOST_ORGANIZATION_ID: "1234" };

const standIn = await startStandInProcess("inpost", {
  port: standInPort,
  // It posts each status change to the site's webhook, as InPost does.
  env: { ...account, INPOST_WEBHOOK_URL: `${siteUrl}/shipping/inpost/webhook` },
  echo: true,
});
const site = spawn("npm", ["run", "dev"], {
  stdio: "inherit",
  env: { ...process.env, ...account, SITE_URL: siteUrl, INPOST_API_URL: standIn.url, INPOST_POINTS_URL: standIn.url },
});

runTogether([standIn.process, site]);
