import { formatWarsawTime } from "~/admin/format";
import { DUE_TEXT } from "~/admin/texts";

/** "Wysyłka do 27.11.2026", flagged in words (not colour alone) once the day has passed. */
export function DueDate({ kind, day, overdue }: { kind: "payment" | "dispatch"; day: string | null; overdue: boolean }) {
  if (!day) return null;
  return (
    <span className={`block ${overdue ? "font-semibold text-red-800" : "text-slate-900"}`} data-testid={`due-${kind}`}>
      {DUE_TEXT[kind]} {formatWarsawTime(day)}
      {overdue ? <strong className="ml-1 rounded bg-red-100 px-1 text-red-900">{DUE_TEXT.overdue}</strong> : null}
    </span>
  );
}
