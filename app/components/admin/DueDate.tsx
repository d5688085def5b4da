import type { OrderDeadlines } from "~/order/lifecycle/deadlines.server";
import { formatWarsawTime } from "~/i18n/back-office-format";
import { DUE_TEXT } from "~/order/lifecycle/admin-texts";

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

/** "Najem od 02.12.2026", and in words (not colour alone) when the promised delivery comes after it. */
export function LeaseStart({
  deadlines,
  paid,
}: {
  deadlines: Pick<OrderDeadlines, "leaseStart" | "deliveredBy" | "lateForLease">;
  paid: boolean;
}) {
  if (!deadlines.leaseStart) return null;
  const late = deadlines.lateForLease && deadlines.deliveredBy;
  return (
    <span className={`block ${late ? "font-semibold text-red-800" : "text-slate-900"}`} data-testid="due-lease">
      {DUE_TEXT.lease} {formatWarsawTime(deadlines.leaseStart)}
      {late ? (
        <strong className="block whitespace-normal rounded bg-red-100 px-1 text-red-900" data-testid="late-for-lease">
          {DUE_TEXT.lateForLease(formatWarsawTime(deadlines.deliveredBy), paid)}
        </strong>
      ) : null}
    </span>
  );
}
