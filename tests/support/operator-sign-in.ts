import type { AppDatabase } from "~/db/db.server";
import { operatorKeys } from "~/admin/operator-keys.server";
import { addOperator } from "~/admin/operators.server";
import { completeSignIn, signIn } from "~/admin/sign-in.server";
import { secretOfUri, timeStepAt, totpCode } from "./authenticator";

/** OPERATOR_SECRET_KEY as the unit tests set it. */
export const TEST_OPERATOR_KEYS = operatorKeys("unit tests' operator secret key, 32+ chars");

/** An operator as `npm run operator -- add` makes one: the secret (as the app reads it from the QR code) and the recovery codes come back. */
export async function addTestOperator(db: AppDatabase, email: string, password: string, now: Date) {
  const added = await addOperator(db, email, password, now, TEST_OPERATOR_KEYS);
  if (added.outcome !== "added") throw new Error(`${email} exists`);
  return { secret: secretOfUri(added.enrolment.uri), recoveryCodes: added.enrolment.recoveryCodes };
}

/** Both steps, as the operator takes them: the password, then the app's code for `now` (one step later with `stepOffset`). */
export async function signInWithCode(
  db: AppDatabase,
  email: string,
  password: string,
  secret: string,
  ip: string,
  now: Date,
  stepOffset = 0,
): Promise<string> {
  const first = await signIn(db, email, password, ip, now, { keys: TEST_OPERATOR_KEYS });
  if (!first.ok) throw new Error(`password step: ${first.reason}`);
  const code = totpCode(secret, timeStepAt(now.getTime()) + stepOffset);
  const second = await completeSignIn(db, first.pendingSessionId, { code }, ip, now, { keys: TEST_OPERATOR_KEYS });
  if (!second.ok) throw new Error(`code step: ${second.reason}`);
  return second.sessionId;
}
