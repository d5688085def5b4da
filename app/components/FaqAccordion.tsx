import * as Accordion from "@radix-ui/react-accordion";
import { useState } from "react";
import { ChevronDownIcon } from "~/components/icons";
import type { QuestionAnswer } from "~/content/copy";

/**
 * The enhanced FAQ: a Radix accordion, one item open at a time, all closable, starting
 * collapsed. Its own module so the Faq can fetch it (and Radix) after hydration.
 */
export default function FaqAccordion({ items, testId, className }: { items: QuestionAnswer[]; testId: string; className: string }) {
  const [openItem, setOpenItem] = useState("");
  return (
    <Accordion.Root
      type="single"
      collapsible
      value={openItem}
      onValueChange={setOpenItem}
      className={className}
      data-testid={testId}
      data-enhanced="true"
    >
      {items.map((item, index) => (
        <Accordion.Item
          key={index}
          value={`item-${index}`}
          className="border-b border-slate-200 last:border-b-0"
          data-testid={`${testId}-item`}
        >
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
      ))}
    </Accordion.Root>
  );
}
