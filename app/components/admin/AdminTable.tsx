import type { ReactNode } from "react";

const HEADING_CELL = "px-3 py-2 text-left align-top font-semibold text-slate-900";

/**
 * A back-office table: a region that scrolls sideways on its own when it is wider than the page
 * (reachable by keyboard, named for screen readers), with its column headings; `children` are the
 * body's rows.
 */
export function AdminTable({
  label,
  columns,
  caption,
  className = "",
  children,
}: {
  label: string;
  columns: readonly string[];
  caption?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div tabIndex={0} role="region" aria-label={label} className={`overflow-x-auto rounded-lg border border-slate-200 ${className}`}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="bg-slate-50">
          <tr>
            {columns.map((heading) => (
              <th key={heading} scope="col" className={HEADING_CELL}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}
