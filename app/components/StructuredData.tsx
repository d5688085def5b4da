import { lazy, Suspense } from "react";

/**
 * JSON-LD is for crawlers; the browser has nothing to do with it. The server renders it in
 * place (the document waits for everything), and the browser fetches the code that builds it
 * in its own chunk after hydration starts, out of the first-load JavaScript (decision 021).
 */
const StructuredDataScript = lazy(() => import("~/components/StructuredDataScript"));

export function StructuredData({ serviceDescription }: { serviceDescription?: string }) {
  return (
    <Suspense fallback={null}>
      <StructuredDataScript serviceDescription={serviceDescription} />
    </Suspense>
  );
}
