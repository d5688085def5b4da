import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Enhancements for a <details> disclosure once JavaScript runs: it closes on Escape,
 * on a click outside it and after navigation. Without JavaScript the element still
 * opens and closes by its summary.
 */
export function useDisclosure<T extends HTMLDetailsElement>() {
  const ref = useRef<T>(null);
  const location = useLocation();

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);

  useEffect(() => {
    function close(event: Event) {
      const element = ref.current;
      if (!element?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        element.open = false;
        element.querySelector("summary")?.focus();
      } else if (
        event.target instanceof Element &&
        (event.target.closest("[data-disclosure-backdrop]") || !element.contains(event.target))
      ) {
        element.open = false;
      }
    }
    document.addEventListener("keydown", close);
    document.addEventListener("click", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("click", close);
    };
  }, []);

  return { ref, close: () => ref.current && (ref.current.open = false) };
}
