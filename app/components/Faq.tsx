import * as Accordion from "@radix-ui/react-accordion";
import { useState } from "react";
import { ChevronDownIcon } from "~/components/icons";
import { useHydrated } from "~/components/use-hydrated";
import type { QuestionAnswer } from "~/content/copy";

/**
 * FAQ as a Radix accordion: one item open at a time, and all can be closed.
 * Radix hides closed answers, so the server (and hydration) render every item open:
 * without JavaScript all answers stay readable. After mount it becomes the
 * single-open accordion, starting collapsed.
 */
export function Faq({ items, testId = "faq" }: { items: QuestionAnswer[]; testId?: string }) {
  const hydrated = useHydrated();
  const [openItem, setOpenItem] = useState("");
  const values = items.map((_, index) => `item-${index}`);

  const content = items.map((item, index) => (
    <Accordion.Item key={values[index]} value={values[index]!} className="border-b border-slate-200 last:border-b-0" data-testid={`${testId}-item`}>
      <Accordion.Header asChild>
        <h3>
          <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-slate-900 hover:bg-slate-50 md:text-lg">
            {item.question}
            <ChevronDownIcon className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180" />
          </Accordion.Trigger>
        </h3>
      </Accordion.Header>
      <Accordion.Content className="faq-content overflow-hidden" data-testid={`${testId}-answer`}>
        <p className="px-5 pb-5 leading-relaxed text-slate-700">{item.answer}</p>
      </Accordion.Content>
    </Accordion.Item>
  ));

  const rootClass = "rounded-2xl border border-slate-200 bg-white shadow-sm";
  return hydrated ? (
    <Accordion.Root type="single" collapsible value={openItem} onValueChange={setOpenItem} className={rootClass} data-testid={testId} data-enhanced="true">
      {content}
    </Accordion.Root>
  ) : (
    <Accordion.Root type="multiple" value={values} className={rootClass} data-testid={testId} data-enhanced="false">
      {content}
    </Accordion.Root>
  );
}
