#!/usr/bin/env node
// `npm run dev:ksef`: the KSeF stand-in (tests/support/ksef-stand-in.mjs) on 127.0.0.1:3107 and `npm run dev`
// pointed at it, so a fresh clone can watch an invoice to a NIP buyer reach "KSeF", get its KSeF number and UPO.
// The site signs in as it does in production, with a KSeF certificate (XAdES): a type 1 and a type 2 certificate
// are made on the spot in data/dev-ksef/ (self-signed, for the stand-in only), and the stand-in registers them as
// issued. Ctrl+C stops both.
import { spawn } from "node:child_process";
import { startStandInProcess } from "../tests/support/stand-ins.mjs";
import { writeKsefCertificate } from "../tests/support/test-certificates.mjs";
import { runTogether } from "./run-together.js";

const standInPort = Number(process.env.KSEF_STAND_IN_PORT ?? 3107);
const nip = process.env.COMPANY_TAX_ID?.replace(/\D/g, "") || "5265877635";
const dir = "data/dev-ksef";
const authentication = writeKsefCertificate({ dir, file: "authentication", nip });
const offline = writeKsefCertificate({ dir, file: "offline", nip, usage: "offline", keyType: "ec" });
const account = {
  KSEF_NIP: nip,
  KSEF_CERT_FILE: authentication.certFile,
  KSEF_KEY_FILE: authentication.keyFile,
  KSEF_OFFLINE_CERT_FILE: offline.certFile,
  KSEF_OFFLINE_KEY_FILE: offline.keyFile,
};

const standIn = await startStandInProcess("ksef", { port: standInPort, env: account, echo: true });
const site = spawn("npm", ["run", "dev"], {
  stdio: "inherit",
  env: { ...process.env, ...account, KSEF_API_URL: `${standIn.url}/v2` },
});

runTogether([standIn.process, site]);
