#!/usr/bin/env node
// `npm run dev:ksef`: the KSeF stand-in (tests/support/ksef-stand-in.mjs) on 127.0.0.1:3106 and
// `npm run dev` pointed at it, so a fresh clone can watch an invoice to a NIP buyer reach "KSeF",
// get its KSeF number and UPO, without a KSeF token. Ctrl+C stops both.
import { spawn } from "node:child_process";
import { runTogether } from "./run-together.js";

const standInPort = process.env.KSEF_STAND_IN_PORT ?? "3106";
// A made-up token and the seller's NIP, which the stand-in checks as KSeF checks real ones.
const account = { KSEF_TOKEN: "dev-stand-in-ksef-token", KSEF_NIP: process.env.COMPANY_TAX_ID?.replace(/\D/g, "") || "5265877635" };

const standIn = spawn(process.execPath, ["tests/support/ksef-stand-in.mjs"], {
  stdio: "inherit",
  env: { ...process.env, ...account, KSEF_STAND_IN_PORT: standInPort },
});
const site = spawn("npm", ["run", "dev"], {
  stdio: "inherit",
  env: { ...process.env, ...account, KSEF_API_URL: `http://127.0.0.1:${standInPort}/v2` },
});

runTogether([standIn, site]);
