import type { ReactNode } from "react";

type SectionProps = {
  id?: string;
  heading: string;
  lead?: string;
  /** Alternating backgrounds keep long pages readable. */
  tone?: "white" | "muted";
  children: ReactNode;
};

/** A titled band of a content page: a landmark region named by its h2. */
export function Section({ id, heading, lead, tone = "white", children }: SectionProps) {
  const headingId = `${id ?? slug(heading)}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={tone === "muted" ? "bg-slate-50" : "bg-white"}>
      <div className="mx-auto max-w-6xl px-4 py-14 md:py-20">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">
          {heading}
        </h2>
        {lead ? <p className="mt-3 max-w-3xl text-lg leading-relaxed text-slate-600">{lead}</p> : null}
        <div className="mt-8 md:mt-10">{children}</div>
      </div>
    </section>
  );
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\p{Letter}\p{Number}]+/gu, "-")
    .replace(/^-|-$/g, "");
}
