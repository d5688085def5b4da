#!/usr/bin/env node
// `npm run dev:payments`: the Przelewy24 stand-in (tests/support/p24-stand-in.mjs) on 127.0.0.1:3105
// and `npm run dev` pointed at it, so a fresh clone can click through a BLIK payment (code 777123)
// or a pay-by-link one without a Przelewy24 account. Ctrl+C stops both.
import { spawn } from "node:child_process";
import { startStandInProcess } from "../tests/support/stand-ins.mjs";
import { runTogether } from "./run-together.js";

const standInPort = Number(process.env.P24_STAND_IN_PORT ?? 3105);
// Made-up credentials the stand-in checks exactly as Przelewy24 checks real ones.
const account = { P24_MERCHANT_ID: "100001", P24_POS_ID: "100001", P24_API_KEY: "dev-stand-in-api-key", P24_CRC: "dev-stand-in-crc" };

const standIn = await startStandInProcess("przelewy24", { port: standInPort, env: account, echo: true });
// The stand-in posts each notification to SITE_URL, so it must be where the dev server listens.
const siteUrl = process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const site = spawn("npm", ["run", "dev"], {
  stdio: "inherit",
  env: { ...process.env, ...account, SITE_URL: siteUrl, P24_API_URL: standIn.url },
});

runTogether([standIn.process, site]);
