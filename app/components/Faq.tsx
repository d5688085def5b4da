import { forwardRef, lazy, Suspense, useRef } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { useNearViewport } from "~/components/use-near-viewport";
import type { QuestionAnswer } from "~/content/copy";

/** Radix arrives in its own chunk as the visitor scrolls towards the FAQ (useNearViewport). */
const FaqAccordion = lazy(() => import("~/components/FaqAccordion"));

const ROOT_CLASS = "rounded-2xl border border-slate-200 bg-white shadow-sm";

/**
 * FAQ. The server (and hydration) render every answer open as plain HTML, so without
 * JavaScript (and on pages that load none) all answers stay readable. Once the visitor scrolls
 * within half a screen of it, it becomes the single-open Radix accordion, starting collapsed.
 */
export function Faq({ items, testId = "faq" }: { items: QuestionAnswer[]; testId?: string }) {
  const hydrated = useHydrated();
  const plainRef = useRef<HTMLDivElement>(null);
  const near = useNearViewport(plainRef);
  const plain = <OpenFaq ref={plainRef} items={items} testId={testId} />;
  if (!hydrated || !near) return plain;
  return (
    <Suspense fallback={plain}>
      <FaqAccordion items={items} testId={testId} className={ROOT_CLASS} />
    </Suspense>
  );
}

const OpenFaq = forwardRef<HTMLDivElement, { items: QuestionAnswer[]; testId: string }>(function OpenFaq({ items, testId }, ref) {
  return (
    <div ref={ref} className={ROOT_CLASS} data-testid={testId} data-enhanced="false">
      {items.map((item, index) => (
        <div key={index} className="border-b border-slate-200 last:border-b-0" data-testid={`${testId}-item`}>
          <h3 className="px-5 py-4 text-base font-semibold text-slate-900 md:text-lg">{item.question}</h3>
          <div className="faq-content" data-testid={`${testId}-answer`}>
            <p className="px-5 pb-5 leading-relaxed text-slate-700">{item.answer}</p>
          </div>
        </div>
      ))}
    </div>
  );
});
