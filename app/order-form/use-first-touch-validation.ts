import { useCallback, useEffect, useRef, useState } from "react";
import type { validateOrderDetails } from "~/order/details-validation";

/**
 * The browser's check of the form (zod and its conform adapter, about 17 KB gzip) is fetched
 * at the visitor's first touch of the form, a focus or a press inside it (decision 027), in one
 * chunk with the preview step (./first-touch.ts): a visitor who only reads the form and its
 * prices never downloads or runs either, and they usually arrive while the first field is being typed. Until then, or if the chunk cannot be loaded (the
 * next touch tries again), each submit is checked by the server.
 */
export function useDetailsValidationOnFirstTouch(): [typeof validateOrderDetails | null, () => void] {
  const [validate, setValidate] = useState<typeof validateOrderDetails | null>(null);
  const requested = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const request = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    import("./first-touch").then(
      (module) => mounted.current && setValidate(() => module.validateOrderDetails),
      () => (requested.current = false),
    );
  }, []);
  return [validate, request];
}
