import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CustomerPagePanel } from "~/components/CustomerPagePanel";
import { PlainField } from "~/components/forms";
import type { ThreadEntry } from "./thread-view";

/** The message action's refusal: the text as typed and why, in the page's language (a sent message is a redirect back to the form). */
export type MessageAnswer = { messageError: string; messageText: string };

/** The form's id: without JavaScript, the answer (the thread with the new message, or the refusal) opens here. */
const FORM_ID = "message-form";
const FIELD_ID = "message-text";
/** The text's field name, read by the page's action (app/routes/payment.server.ts). */
export const MESSAGE_FIELD = "message";

/**
 * "Napisz do nas" on the customer's order page (docs/decisions/086): the order's conversation oldest
 * first, dated in Warsaw time by the server, and a form posted with `intent=message` to the page's
 * own action, which answers a sent message with a redirect back to the form. Without JavaScript the
 * browser follows it; with JavaScript Remix does, in place, and reloads the page's data, so the
 * message shows in the thread without a page load (the thread is a polite live region, so a screen
 * reader hears it). The field is keyed by the thread's length: a sent message empties it, a refused
 * one keeps what was typed. The texts are React text nodes: markup and links in a message stay text.
 */
export function CustomerThread({ thread, maxChars, refused }: { thread: ThreadEntry[]; maxChars: number; refused: MessageAnswer | null }) {
  const { t } = useTranslation("payment");
  return (
    <CustomerPagePanel id="messages" heading={t("messages.heading")} wide>
      <p className="mt-3 text-slate-800">{t("messages.lead")}</p>
      <ol className="mt-4 space-y-3 empty:hidden" data-testid="thread" aria-live="polite">
        {thread.map((entry) => (
          <li
            key={entry.id}
            data-testid="thread-message"
            data-author={entry.author}
            className={`rounded-lg border p-4 ${entry.author === "customer" ? "sm:ml-12" : "border-blue-200 bg-blue-50 sm:mr-12"}`}
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
      <Form
        id={FORM_ID}
        method="post"
        action={`${useLocation().pathname}#${FORM_ID}`}
        noValidate
        className="mt-4"
        data-testid="message-form"
      >
        <input type="hidden" name="intent" value="message" />
        <PlainField
          key={thread.length}
          id={FIELD_ID}
          name={MESSAGE_FIELD}
          label={t("messages.label")}
          hint={t("messages.hint", { max: maxChars })}
          error={refused?.messageError}
          defaultValue={refused?.messageText}
          multiline
        />
        <button type="submit" className="btn-primary mt-3">
          {t("messages.send")}
        </button>
      </Form>
    </CustomerPagePanel>
  );
}
