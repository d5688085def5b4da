import { useEffect, useState, type RefObject } from "react";

/**
 * True once the element is on screen or within `margin` of it (half a screen's height unless
 * told), and from then on.
 * The home page's FAQ accordion and testimonials carousel sit several screens down: their code
 * is fetched as the visitor scrolls towards them, early enough to be ready on arrival, and a
 * visitor who never gets there (most go straight to a pricing card) never downloads or runs
 * it (decision 027). Without IntersectionObserver it is true at once.
 */
export function useNearViewport(ref: RefObject<Element>, margin = "50% 0px"): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: margin,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near, margin]);
  return near;
}
