import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { messengerAccounts } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { honeypotTripped } from "~/forms/honeypot";
import { localeOf } from "~/i18n/i18n.server";
import { homePath } from "~/i18n/routes";
import { MESSAGE_MAX_CHARS, postContactMessage } from "~/messages/conversation.server";
import { CONTACT_FORM_ID, readContactForm, type ContactErrors, type ContactValues } from "~/messages/message-form";
import { messengerLinks } from "~/messages/messengers";
import { readFormDataOr413 } from "~/security/body.server";

/** The contact form's answer when it is not sent: the values as typed, and why (fields' keys, or the POST limit's wait). */
export type ContactRefusal = { values: ContactValues; errors: ContactErrors; retryAfterSeconds: number | null };

/** The contact page's facts besides the company's (root data): the messengers, the message limit, and whether a message was just sent. */
export async function contactLoader({ request }: LoaderFunctionArgs) {
  const locale = await localeOf(request);
  return json({
    sent: new URL(request.url).searchParams.get("sent") === "1",
    maxChars: MESSAGE_MAX_CHARS,
    messengers: messengerLinks(messengerAccounts, locale),
  });
}

/**
 * The contact form (docs/decisions/086), without JavaScript: a message becomes a thread of its own,
 * answered by e-mail; then the page says so (303 to `?sent=1`). A filled honeypot gets the order
 * form's decoy (303 home, nothing written); invalid fields 400 and over the POST limit 429, both
 * with every value as typed.
 */
export async function contactAction({ request, context }: ActionFunctionArgs) {
  const locale = await localeOf(request);
  const form = await readFormDataOr413(request);
  if (honeypotTripped(form)) return redirect(homePath(locale), 303);
  const { values, errors, valid } = readContactForm(form, MESSAGE_MAX_CHARS);
  const rateLimited = context.rateLimited ?? null;
  if (rateLimited)
    return json<ContactRefusal>(
      { values, errors: {}, retryAfterSeconds: rateLimited.retryAfterSeconds },
      { status: 429, headers: { "Retry-After": String(rateLimited.retryAfterSeconds) } },
    );
  if (!valid) return json<ContactRefusal>({ values, errors, retryAfterSeconds: null }, { status: 400 });
  const outcome = await postContactMessage(getDb(), {
    name: values.name,
    email: values.email,
    text: values.message,
    locale,
    now: new Date(),
  });
  if (!outcome.ok) {
    const message = outcome.refusal.kind === "too-long" ? "tooLong" : "empty";
    return json<ContactRefusal>({ values, errors: { message }, retryAfterSeconds: null }, { status: 400 });
  }
  return redirect(`${new URL(request.url).pathname}?sent=1#${CONTACT_FORM_ID}`, 303);
}
