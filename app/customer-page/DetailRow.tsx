import type { ReactNode } from "react";

/** One labelled value of the customer page's definition lists. */
export function DetailRow({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="font-semibold text-slate-600">{label}</dt>
      <dd className="font-semibold break-words text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
