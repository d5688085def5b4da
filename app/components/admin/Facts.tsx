/** One row of an order's facts: label, value, a link where the value is one (tap to write or call), and a test id where a test reads it. */
export type FactRow = { label: string; value: string; href?: string; testId?: string };

export function Facts({ rows }: { rows: FactRow[] }) {
  return (
    <dl className="mt-3 grid grid-cols-[minmax(0,1fr)] gap-x-6 gap-y-1 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-y-2">
      {rows.map(({ label, value, href, testId }) => (
        <div key={label} className="contents">
          <dt className="mt-2 font-semibold text-slate-700 sm:mt-0">{label}</dt>
          <dd className="whitespace-pre-line break-words text-slate-900" data-testid={testId}>
            {href ? (
              <a href={href} className="text-blue-900 underline underline-offset-2">
                {value}
              </a>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
