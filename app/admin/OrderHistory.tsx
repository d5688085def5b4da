import type { MessageView, OrderEventView } from "./order-detail.server";
import { formatWarsawTime } from "~/i18n/back-office-format";
import { describeEvent } from "./history";
import { CORRECTION_TEXT } from "~/order/lifecycle/admin-texts";
import { MESSAGE_KIND_LABEL, STATUS_LABEL } from "~/order/admin-texts";
import { resendableNow } from "~/order/lifecycle/resendable";
import type { OrderRow } from "~/db/schema";
import { ADMIN_SECONDARY_BUTTON } from "~/components/admin/AdminShell";

const MESSAGE_STATE: Record<MessageView["state"], string> = {
  queued: "w kolejce",
  sending: "wysyłanie",
  sent: "wysłany",
  retrying: "błąd, ponawiane",
  failed: "nie wysłano (ponawianie zakończone)",
  refused: "nie wysłano: serwer poczty odrzucił wiadomość na stałe (bez ponawiania); sprawdź adres e-mail, popraw go i wyślij ponownie",
};

export function OrderHistory({ createdAt, events }: { createdAt: string; events: OrderEventView[] }) {
  return (
    <section aria-labelledby="history-heading" className="mt-8">
      <h2 id="history-heading" className="text-xl font-bold text-slate-900">
        Historia
      </h2>
      <ol className="mt-3 space-y-2 break-words" data-testid="status-history">
        <li>
          {formatWarsawTime(createdAt)}: zamówienie złożone przez klienta ({STATUS_LABEL.awaiting_payment})
        </li>
        {events.map((event, index) => (
          <li key={index}>
            {formatWarsawTime(event.at)}: {describeEvent(event)}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Every e-mail of the order, whether it went out, and a button to send it again while what it says still holds. */
export function OrderMessages({ messages, order }: { messages: MessageView[]; order: Pick<OrderRow, "status" | "refunded_at"> }) {
  return (
    <section aria-labelledby="mail-heading" className="mt-8">
      <h2 id="mail-heading" className="text-xl font-bold text-slate-900">
        E-maile tego zamówienia
      </h2>
      <div
        tabIndex={0}
        role="region"
        aria-label="E-maile tego zamówienia"
        className="mt-3 overflow-x-auto rounded-lg border border-slate-200"
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50">
            <tr>
              {["Wiadomość", "Stan", "Próby", "Wysłano", "Ostatni błąd", ""].map((heading) => (
                <th key={heading} scope="col" className="px-3 py-2 text-left font-semibold">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {messages.map((message) => (
              <tr key={message.kind} data-testid={`mail-${message.kind}`}>
                <td className="px-3 py-2">{MESSAGE_KIND_LABEL[message.kind]}</td>
                <td className="px-3 py-2" data-testid="mail-state">
                  {MESSAGE_STATE[message.state]}
                </td>
                <td className="px-3 py-2">{message.attempts}</td>
                <td className="px-3 py-2">{formatWarsawTime(message.sentAt)}</td>
                <td className="break-all px-3 py-2">{message.lastError ?? "—"}</td>
                <td className="px-3 py-2">
                  {(message.state === "sent" || message.state === "failed" || message.state === "refused") &&
                  resendableNow(message.kind, order) ? (
                    <form method="post">
                      <input type="hidden" name="intent" value="resend" />
                      <input type="hidden" name="kind" value={message.kind} />
                      <button
                        type="submit"
                        className={`${ADMIN_SECONDARY_BUTTON} whitespace-nowrap`}
                        aria-label={`${CORRECTION_TEXT.resend}: ${MESSAGE_KIND_LABEL[message.kind]}`}
                      >
                        {CORRECTION_TEXT.resend}
                      </button>
                    </form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
