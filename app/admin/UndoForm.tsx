import type { UndoableMove, UndoRefusal } from "~/flows/undo.server";
import { formatWarsawTime } from "~/i18n/back-office-format";
import { ADMIN_SECONDARY_BUTTON } from "~/components/admin/AdminShell";
import { orderDetailPath } from "~/components/admin/paths";
import { UNDO_TEXT } from "~/order/lifecycle/admin-texts";

const BOX = "grid content-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4";

/**
 * "Cofnij" for one of the operator's own moves (app/flows/undo.server.ts), as a plain form that
 * posts to the order's page, so it works from any back-office page without JavaScript. It says
 * beforehand what the customer will get. `refusal`: the move is the operator's and recent, but an
 * invoice or InPost's parcel stands in the way; the reason is shown instead of the button.
 */
export function UndoForm({
  move,
  refusal = null,
  withNumber = false,
}: {
  move: UndoableMove;
  refusal?: UndoRefusal | null;
  withNumber?: boolean;
}) {
  const heading = `${UNDO_TEXT.heading[move.transition]}${withNumber ? `: ${move.number}` : ""}`;
  const noteId = `undo-note-${move.eventId}`;
  if (refusal)
    return (
      <div className={BOX} data-testid="undo-refused">
        <h3 className="font-bold text-slate-900">{heading}</h3>
        <p className="text-slate-800">{UNDO_TEXT.refused[refusal]}</p>
      </div>
    );
  return (
    <form method="post" action={orderDetailPath(move.orderId)} className={BOX} aria-label={heading} data-testid="undo-form">
      <h3 className="font-bold text-slate-900">{heading}</h3>
      <div id={noteId} className="grid gap-1 text-slate-800">
        <p>{UNDO_TEXT.until(formatWarsawTime(move.until))}</p>
        <p data-testid="undo-mail">{move.mailLeft ? UNDO_TEXT.mailLeft : UNDO_TEXT.mailPending}</p>
      </div>
      <input type="hidden" name="intent" value="undo" />
      <input type="hidden" name="event" value={move.eventId} />
      <p>
        <button type="submit" className={ADMIN_SECONDARY_BUTTON} aria-describedby={noteId}>
          {UNDO_TEXT.button}
        </button>
      </p>
    </form>
  );
}
