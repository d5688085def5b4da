/**
 * A route that renders the same document for every visitor in a language says so in its own
 * module, beside its hydration handle: `export const handle = { ...NO_HYDRATION, ...SHAREABLE_PAGE }`.
 * Only such a route's documents may be kept by the page cache (docs/decisions/025). Its loaders
 * must read nothing from the request but the path and the `consent` cookie
 * (app/render/shareable-routes.test.ts checks it).
 */
export const SHAREABLE_PAGE = { shareable: true } as const;

export function isShareableHandle(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { shareable?: unknown }).shareable === true;
}
