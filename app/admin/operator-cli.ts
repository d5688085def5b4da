import { createInterface } from "node:readline";
import QRCode from "qrcode";
import { configuredTarget, openDatabase } from "~/db/db.server";
import { configuredOperatorKeys } from "./operator-keys.server";
import { addOperator, listOperators, MIN_PASSWORD_LENGTH, normaliseEmail, removeOperator, unlockOperator } from "./operators.server";
import { resetSecondFactor, type Enrolment } from "./second-factor.server";

/**
 * `npm run operator -- add <email>` (the password is read from stdin, one line, so it is never in
 * argv or the shell history; the second factor's QR code, address and recovery codes are printed
 * once), `reset-2fa <email>` (a new second factor, for a lost phone), `unlock <email>` (lifts the lock
 * of too many wrong codes, with a new password read the same way), `remove <email>`, `list`.
 * Works on the configured database (DATABASE_URL, else DATABASE_PATH), migrating it first like
 * the server does, and needs the site's OPERATOR_SECRET_KEY to enrol anyone (docs/decisions/044).
 */
async function readLine(): Promise<string> {
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return "";
}

const NO_KEY =
  "OPERATOR_SECRET_KEY is not set. Every operator signs in with a code from an authenticator app, and its secret is stored\n" +
  "encrypted under that key: set it (32+ random characters, e.g. `openssl rand -base64 32`) to the value the site runs with.";

/** What the operator needs once: the QR code to scan, the same as text, and the recovery codes to keep offline. */
async function printEnrolment(email: string, enrolment: Enrolment): Promise<void> {
  const qr = await QRCode.toString(enrolment.uri, { type: "terminal", small: true });
  console.log(`\nScan this QR code with an authenticator app (Aegis, FreeOTP, Google Authenticator, 1Password …):\n\n${qr}`);
  console.log(`Or add it by hand: key ${enrolment.secret} (time-based, 6 digits, 30 seconds), or open:\n${enrolment.uri}\n`);
  console.log(`The first sign-in of ${email} asks for the first code from the app, which completes the enrolment.\n`);
  console.log("Recovery codes: each opens one sign-in without the app. Keep them offline; they are not shown again.");
  for (const code of enrolment.recoveryCodes) console.log(`  ${code}`);
}

/** A new password, one line on stdin; null (with the reason printed) when it is too short. */
async function readNewPassword(email: string): Promise<string | null> {
  if (process.stdin.isTTY) process.stderr.write(`Password for ${email} (one line): `);
  const password = await readLine();
  if (password.length >= MIN_PASSWORD_LENGTH) return password;
  console.error(`The password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
  return null;
}

async function main(argv: string[]): Promise<number> {
  const [command, rawEmail] = argv;
  const email = rawEmail ? normaliseEmail(rawEmail) : undefined;
  if ((command === "add" || command === "reset-2fa") && email && !configuredOperatorKeys()) {
    console.error(NO_KEY);
    return 1;
  }
  const keys = configuredOperatorKeys();
  const db = await openDatabase(configuredTarget());
  try {
    if (command === "add" && email && keys) {
      const password = await readNewPassword(email);
      if (password === null) return 1;
      const result = await addOperator(db, email, password, new Date(), keys);
      if (result.outcome === "exists") {
        console.log(`${email} already exists.`);
        return 1;
      }
      console.log(`Added ${email}.`);
      await printEnrolment(email, result.enrolment);
      return 0;
    }
    if (command === "reset-2fa" && email && keys) {
      const enrolment = await resetSecondFactor(db, email, keys, new Date());
      if (!enrolment) {
        console.log(`No operator ${email}.`);
        return 1;
      }
      console.log(
        `New second factor for ${email}: the old app entry and recovery codes no longer work, and every session of the account has ended.`,
      );
      await printEnrolment(email, enrolment);
      return 0;
    }
    if (command === "unlock" && email) {
      if (process.stdin.isTTY) process.stderr.write("Whoever typed the wrong codes knew the password: the account gets a new one now.\n");
      const password = await readNewPassword(email);
      if (password === null) return 1;
      const outcome = await unlockOperator(db, email, password, new Date());
      if (outcome === "no-operator") console.log(`No operator ${email}.`);
      else if (outcome === "not-locked") console.log(`${email} is not locked; nothing changed (the password neither).`);
      else console.log(`Unlocked ${email} with the new password; every session of the account has ended.`);
      return outcome === "unlocked" ? 0 : 1;
    }
    if (command === "remove" && email) {
      const removed = await removeOperator(db, email);
      console.log(removed ? `Removed ${email}.` : `No operator ${email}.`);
      return removed ? 0 : 1;
    }
    if (command === "list") {
      for (const operator of await listOperators(db)) {
        const lock = operator.second_factor_locked_at ? `\tLOCKED since ${operator.second_factor_locked_at} (unlock)` : "";
        const factor = operator.totp_confirmed_at
          ? `second factor since ${operator.totp_confirmed_at}`
          : operator.totp_secret
            ? "second factor waiting for its first code"
            : "no second factor (cannot sign in: reset-2fa)";
        console.log(`${operator.email}\t${operator.created_at}\t${factor}${lock}`);
      }
      return 0;
    }
    console.error("Usage: npm run operator -- add <email> | reset-2fa <email> | unlock <email> | remove <email> | list");
    return 2;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
