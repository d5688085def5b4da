// An operator for the fault runs: added with `npm run operator` as a person would, signed in with
// the password and a code from the authenticator the command printed (docs/decisions/044).
import { spawnSync } from "node:child_process";
import { secretOfUri, timeStepAt, totpCode } from "../tests/support/authenticator";

export const OPERATOR_PASSWORD = "a long operator password for the faults";

/** The site's key for the authenticator secrets: the command and the site must run with the same one. */
export const OPERATOR_SECRET_KEY = "the fault runs' operator secret key, 32 or more characters";

/** A form posted as the browser would without JavaScript, its answer read to the end. */
export async function formPost(base: string, path: string, body: string, cookie = "") {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, ...(cookie ? { Cookie: cookie } : {}) },
    body,
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  await response.arrayBuffer();
  return response;
}

/** An operator added with `npm run operator` under the site's env: the authenticator's address it printed. */
export function addOperator(env: { [name: string]: string }, email: string): string {
  const added = spawnSync("npm", ["run", "-s", "operator", "--", "add", email], {
    input: `${OPERATOR_PASSWORD}\n`,
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  const uri = /^otpauth:\/\/totp\/\S+$/m.exec(added.stdout ?? "")?.[0];
  if (added.status !== 0 || !uri) throw new Error(`npm run operator failed: ${added.stderr}`);
  return uri;
}

/**
 * Signs an operator in with password and code: the session cookie. Add operators before anyone
 * signs in: adding one takes longer than the site keeps an idle connection open, and the client
 * would send its next request on a connection the site is closing.
 */
export async function signIn(base: string, email: string, uri: string): Promise<string> {
  const passwordStep = await formPost(base, "/admin/login", new URLSearchParams({ email, password: OPERATOR_PASSWORD }).toString());
  const halfway = passwordStep.headers.get("set-cookie")?.split(";")[0] ?? "";
  const code = totpCode(secretOfUri(uri), timeStepAt(Date.now()));
  const codeStep = await formPost(base, "/admin/login/code", new URLSearchParams({ code }).toString(), halfway);
  const cookie = codeStep.headers.get("set-cookie")?.split(";")[0] ?? "";
  if (codeStep.status !== 303 || !cookie) throw new Error(`the operator could not sign in (${passwordStep.status}, ${codeStep.status})`);
  return cookie;
}
