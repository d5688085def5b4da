import { useSyncExternalStore } from "react";
import { AlertIcon, CheckIcon } from "~/components/icons";

/*
 * The site's own toasts (decision 021): short messages at the top centre of the screen.
 * The live region is in the server HTML from the first byte, because screen readers
 * announce only changes to a live region that was already there.
 */

export type ToastKind = "success" | "error";
export type Toast = { id: number; kind: ToastKind; message: string };

/** How long a toast stays unless its caller says otherwise. */
export const TOAST_DURATION_MS = 4000;
/** Older toasts give way to newer ones beyond this many. */
export const MAX_VISIBLE_TOASTS = 3;

let shown: readonly Toast[] = [];
let lastId = 0;
const listeners = new Set<() => void>();
const NO_TOASTS: readonly Toast[] = [];

function publish(next: readonly Toast[]) {
  shown = next;
  for (const listener of listeners) listener();
}

function show(kind: ToastKind, message: string, duration: number): number {
  const id = ++lastId;
  publish([...shown, { id, kind, message }].slice(-MAX_VISIBLE_TOASTS));
  setTimeout(() => dismissToast(id), duration);
  return id;
}

export function dismissToast(id: number) {
  if (shown.some((toast) => toast.id === id)) publish(shown.filter((toast) => toast.id !== id));
}

/** Shows a message; only from the browser (an effect or an event handler), never while rendering. */
export const toast = {
  success: (message: string, { duration = TOAST_DURATION_MS }: { duration?: number } = {}) => show("success", message, duration),
  error: (message: string, { duration = TOAST_DURATION_MS }: { duration?: number } = {}) => show("error", message, duration),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The toasts on screen now, oldest first. */
export function currentToasts(): readonly Toast[] {
  return shown;
}

const KIND_CLASS: Record<ToastKind, string> = {
  success: "border-green-200 bg-green-50 text-green-800",
  error: "border-red-200 bg-red-50 text-red-800",
};

/**
 * Where toasts appear: one per site, in the root layout. The region is named (label) and
 * polite, so a message is read after what the screen reader is saying, not over it.
 */
export function Toaster({ label }: { label: string }) {
  // aria-relevant keeps its default, "additions text": a new toast is read, a leaving one is not.
  // The server and hydration render it empty: no toast exists before the browser shows one.
  const toasts = useSyncExternalStore(subscribe, currentToasts, () => NO_TOASTS);
  return (
    <section aria-label={label} aria-live="polite" className="pointer-events-none fixed inset-x-0 top-6 z-[100] flex justify-center px-4">
      <ol className="flex w-full max-w-[356px] flex-col gap-3.5">
        {toasts.map((item) => (
          <li
            key={item.id}
            data-kind={item.kind}
            className={`pointer-events-auto flex items-start gap-2.5 rounded-lg border px-4 py-3.5 text-sm font-medium shadow-lg transition duration-300 ease-out motion-safe:starting:-translate-y-3 motion-safe:starting:opacity-0 ${KIND_CLASS[item.kind]}`}
          >
            {/* Colour is not the only sign of success or failure: each kind has its own mark. */}
            {item.kind === "success" ? <CheckIcon className="h-5 w-5 shrink-0" /> : <AlertIcon className="h-5 w-5 shrink-0" />}
            <span>{item.message}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
