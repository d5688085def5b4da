import type { Deadline } from "./customer-page";

/** The order's dates at its current stage (app/customer-page/order-page.ts decides which). */
export function DeadlineList({ deadlines }: { deadlines: Deadline[] }) {
  return (
    <dl className="mt-3 space-y-3 text-slate-800">
      {deadlines.map((line) => (
        <div key={line.id} data-testid={line.id}>
          <dt className="font-semibold text-slate-600">{line.label}</dt>
          <dd className="font-semibold text-slate-900">{line.value}</dd>
          {line.note ? <dd className="mt-1 text-sm text-slate-700">{line.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
