import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { CustomerPagePanel } from "~/components/CustomerPagePanel";
import { FieldError } from "~/components/forms";
import { JsFlagInput } from "~/components/JsFlagInput";
import { MESSAGE_FIELD } from "./message-form";
import type { ThreadEntry } from "./thread-view";

/** The message action's answer: refused (the text as typed and why, in the page's language), or sent (with JavaScript on). */
export type MessageAnswer = { messageError: string; messageText: string } | { messageSent: true };

/** The form's id: without JavaScript, the answer (the thread with the new message, or the refusal) opens here. */
const FORM_ID = "message-form";
const FIELD_ID = "message-text";

/**
 * "Napisz do nas" on the customer's order page (docs/decisions/086): the order's conversation oldest
 * first, dated in Warsaw time by the server, and a form posted with `intent=message` to the page's
 * own action. Without JavaScript the page comes back with the message in the thread; with it, a
 * fetcher sends the form and the page's data, reloaded by Remix after the action, shows the message
 * in place. The texts are React text nodes: markup and links in a message stay text.
 */
export function CustomerThread({ thread, maxChars, refused }: { thread: ThreadEntry[]; maxChars: number; refused: MessageAnswer | null }) {
  const { t } = useTranslation("payment");
  const fetcher = useFetcher<MessageAnswer>();
  const form = useRef<HTMLFormElement>(null);
  const answer = fetcher.data ?? refused;
  const refusal = answer && "messageError" in answer ? answer : null;
  const sent = fetcher.state === "idle" && fetcher.data && "messageSent" in fetcher.data;
  useEffect(() => {
    if (sent) form.current?.reset();
  }, [sent]);
  const describedBy = `${FIELD_ID}-hint${refusal ? ` ${FIELD_ID}-error` : ""}`;
  return (
    <CustomerPagePanel id="messages" heading={t("messages.heading")} wide>
      <p className="mt-3 text-slate-800">{t("messages.lead")}</p>
      {thread.length > 0 ? (
        <ol className="mt-4 space-y-3" data-testid="thread">
          {thread.map((entry) => (
            <li
              key={entry.id}
              data-testid="thread-message"
              data-author={entry.author}
              className={`rounded-lg border p-4 ${entry.author === "customer" ? "border-slate-200 bg-white sm:ml-12" : "border-blue-200 bg-blue-50 sm:mr-12"}`}
            >
              <p className="text-sm text-slate-700">
                <span className="font-semibold text-slate-900">{t(`messages.author.${entry.author}`)}</span>
                {" · "}
                <time dateTime={entry.iso}>{entry.at}</time>
              </p>
              <p className="mt-1 whitespace-pre-line break-words text-slate-900">{entry.body ?? t("messages.erased")}</p>
            </li>
          ))}
        </ol>
      ) : null}
      <fetcher.Form
        ref={form}
        id={FORM_ID}
        method="post"
        action={`${useLocation().pathname}#${FORM_ID}`}
        noValidate
        className="mt-4"
        data-testid="message-form"
      >
        <input type="hidden" name="intent" value="message" />
        <JsFlagInput />
        <label htmlFor={FIELD_ID} className="block font-semibold text-slate-900">
          {t("messages.label")}
        </label>
        <p id={`${FIELD_ID}-hint`} className="text-sm text-slate-600">
          {t("messages.hint", { max: maxChars })}
        </p>
        <FieldError id={`${FIELD_ID}-error`} message={refusal?.messageError} />
        <textarea
          id={FIELD_ID}
          name={MESSAGE_FIELD}
          rows={4}
          defaultValue={refused && "messageText" in refused ? refused.messageText : undefined}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={describedBy}
          className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700 aria-[invalid=true]:border-2 aria-[invalid=true]:border-red-700"
        />
        <p className="mt-3 flex flex-wrap items-center gap-4">
          <button type="submit" className="btn-primary" disabled={fetcher.state !== "idle"}>
            {t("messages.send")}
          </button>
          <span role="status" className="text-slate-700" data-testid="message-status">
            {sent ? t("messages.sent") : ""}
          </span>
        </p>
      </fetcher.Form>
    </CustomerPagePanel>
  );
}
