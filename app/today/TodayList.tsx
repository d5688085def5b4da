import { OrderSearchField } from "~/admin/OrderSearchField";
import { ADMIN_BUTTON } from "~/components/admin/AdminShell";
import { ADMIN_HOME } from "~/components/admin/paths";
import { formatWarsawTime } from "~/i18n/back-office-format";
import { UndoForm } from "~/admin/UndoForm";
import type { UndoableMove } from "~/flows/undo.server";
import { TODAY_TEXT } from "./texts";
import type { TodayGroup, TodayRow } from "./today.server";

const LINK = "font-semibold text-blue-900 underline underline-offset-2 hover:text-blue-700";

/** The order search at the top of "Dziś": it opens the order list, at the address the list's own search uses. */
export function TodaySearch() {
  return (
    <form method="get" action={ADMIN_HOME} role="search" className="mt-4 flex max-w-5xl flex-wrap items-end gap-3">
      <OrderSearchField />
      <button type="submit" className={ADMIN_BUTTON}>
        Szukaj
      </button>
    </form>
  );
}

/** The operator's own "paid" and "dispatched" of the last 10 minutes, each with its "Cofnij" (it posts to the order's page). */
export function UndoableMoves({ moves }: { moves: UndoableMove[] }) {
  if (moves.length === 0) return null;
  return (
    <section aria-labelledby="today-undoable" className="mt-6 max-w-5xl" data-testid="today-undoable">
      <h2 id="today-undoable" className="text-xl font-bold text-slate-900">
        {TODAY_TEXT.undoable} ({moves.length})
      </h2>
      <p className="mt-1 text-slate-800">{TODAY_TEXT.undoableLead}</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {moves.map((move) => (
          <UndoForm key={move.eventId} move={move} withNumber />
        ))}
      </div>
    </section>
  );
}

/** "Dziś": each group with its count and its rows, or the sentence that nothing is due. */
export function TodayList({ groups }: { groups: TodayGroup[] }) {
  if (groups.length === 0)
    return (
      <section className="mt-6 rounded-lg border border-green-700 bg-green-50 p-4 text-green-950" data-testid="today-nothing">
        <h2 className="text-xl font-bold">{TODAY_TEXT.nothing}</h2>
        <p className="mt-1 max-w-prose">{TODAY_TEXT.nothingLead}</p>
      </section>
    );
  return (
    <div className="max-w-5xl">
      <p className="mt-2 max-w-prose text-slate-800">{TODAY_TEXT.lead}</p>
      {groups.map((group) => (
        <section key={group.key} aria-labelledby={`today-${group.key}`} className="mt-6" data-testid={`today-group-${group.key}`}>
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-slate-300 pb-1">
            <h2 id={`today-${group.key}`} className="text-xl font-bold text-slate-900">
              {group.title} <span data-testid="today-count">({group.rows.length})</span>
            </h2>
            <a href={group.listHref} className={LINK}>
              {TODAY_TEXT.wholeList}
            </a>
          </div>
          <ul className="divide-y divide-slate-200">
            {group.rows.map((row) => (
              <TodayItem key={`${row.href} ${row.number} ${row.notes.join()}`} row={row} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function TodayItem({ row }: { row: TodayRow }) {
  return (
    <li className="grid grid-cols-1 gap-x-4 py-2 sm:grid-cols-[minmax(9rem,auto)_minmax(0,1fr)_minmax(0,1.4fr)]" data-testid="today-row">
      <a href={row.href} className={`${LINK} font-mono break-all`}>
        {row.number}
      </a>
      <span className="break-words text-slate-900">{row.name}</span>
      <span className="text-slate-800">
        {row.due ? (
          <span className={`block ${row.late ? "font-semibold text-red-800" : ""}`}>
            {row.dueLabel} {formatWarsawTime(row.due)}
            {row.late ? <strong className="ml-1 rounded bg-red-100 px-1 text-red-900">{TODAY_TEXT.late}</strong> : null}
          </span>
        ) : null}
        {row.notes.map((note) => (
          <span key={note} className="block break-words">
            {note}
          </span>
        ))}
        {row.alert ? (
          <strong className="block break-words rounded bg-red-100 px-1 font-semibold text-red-900" data-testid="today-alert">
            {row.alert}
          </strong>
        ) : null}
      </span>
    </li>
  );
}
