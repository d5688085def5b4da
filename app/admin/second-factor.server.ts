import { randomInt } from "node:crypto";
import type { AppDatabase } from "~/db/db.server";
import { recordOperatorEvent } from "./operator-audit.server";
import type { OperatorKeys } from "./operator-keys.server";
import { newTotpSecret, totpUri } from "./totp.server";

/** Recovery codes issued with each secret; each opens one sign-in when the phone is lost. */
export const RECOVERY_CODE_COUNT = 10;
/** 32 symbols without 0/O and 1/I, which read alike: ten of them carry 50 bits. */
const RECOVERY_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const RECOVERY_CODE_LENGTH = 10;
/** A recovery code as issued, once its hyphen and spaces are gone and its letters are capitals. */
export const RECOVERY_CODE_SHAPE = new RegExp(`^[${RECOVERY_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);

/** What the command line shows once, and never again: the address for the authenticator app and the recovery codes. */
export type Enrolment = { uri: string; secret: string; recoveryCodes: string[] };

/** "K7MQP-2XW9R": two groups of five, easy to read out and type. */
export function newRecoveryCode(): string {
  const symbols = Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]!);
  return `${symbols.slice(0, 5).join("")}-${symbols.slice(5).join("")}`;
}

/**
 * A new authenticator secret and ten recovery codes for one operator, replacing any before (the
 * old secret and codes stop working). Give it the transaction that creates or resets the
 * account. The secret is stored sealed and the codes as keyed hashes; the enrolment counts as
 * confirmed only once a first valid code is given at sign-in.
 */
export async function issueSecondFactor(
  db: AppDatabase,
  operator: { id: number; email: string },
  keys: OperatorKeys,
  now: Date,
): Promise<Enrolment> {
  const secret = newTotpSecret();
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const at = now.toISOString();
  await db
    .updateTable("operators")
    .set({ totp_secret: keys.seal(secret, operator.email), totp_confirmed_at: null, totp_last_step: null })
    .where("id", "=", operator.id)
    .execute();
  await db.deleteFrom("operator_recovery_codes").where("operator_id", "=", operator.id).execute();
  await db
    .insertInto("operator_recovery_codes")
    .values(
      recoveryCodes.map((code) => ({ operator_id: operator.id, code_hash: keys.recoveryCodeHash(code), created_at: at, used_at: null })),
    )
    .execute();
  return { uri: totpUri(operator.email, secret), secret, recoveryCodes };
}

/**
 * `npm run operator -- reset-2fa <email>`: a lost phone, or an account from before the second
 * factor. A new secret and codes replace the old ones, every session of the account ends, and
 * the next sign-in asks for the first code of the new secret. Null when there is no such operator.
 */
export async function resetSecondFactor(db: AppDatabase, email: string, keys: OperatorKeys, now: Date): Promise<Enrolment | null> {
  return db.transaction().execute(async (trx) => {
    const operator = await trx.selectFrom("operators").select(["id", "email"]).where("email", "=", email).executeTakeFirst();
    if (!operator) return null;
    const enrolment = await issueSecondFactor(trx, operator, keys, now);
    await trx.deleteFrom("admin_sessions").where("operator_id", "=", operator.id).execute();
    await recordOperatorEvent(trx, { operator: operator.email, action: "second_factor_reset" }, now);
    return enrolment;
  });
}
