import type { ReactNode } from "react";

/** The title band at the top of an information page; the page's only h1. */
export function PageHeader({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-blue-50 to-white">
      <div className="mx-auto max-w-6xl px-4 pb-10 pt-12 md:pb-14 md:pt-16">
        <h1 className="text-[1.625rem] leading-tight font-bold tracking-tight text-slate-900 sm:text-3xl md:text-4xl">{title}</h1>
        {lead ? <p className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-600">{lead}</p> : null}
        {children}
      </div>
    </div>
  );
}
