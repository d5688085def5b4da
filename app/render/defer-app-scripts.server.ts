/**
 * Lets the first paint happen before the app's JavaScript is requested (issue 12).
 *
 * Remix's <Scripts> writes a `modulepreload` link for every chunk a page needs (36 on the
 * order pages, mostly small) and a module script whose static imports fetch them at once.
 * On a phone over a slow network those requests queue with the stylesheet: Lighthouse's
 * mobile run measured the order page's first paint at 2.5 s against 0.76 s for the same
 * page without scripts. Everything on the page works without JavaScript, so nothing is lost
 * by asking for it a frame later:
 *
 * - each `modulepreload` becomes a `prefetch` (a hint fetched when the network is idle; the
 *   element stays, so hydration finds the markup Remix rendered);
 * - the module script's static imports become dynamic ones, started after the first frame.
 *
 * The rewrite targets the output of the pinned @remix-run/react (2.17.5), pinned by the unit
 * test's copy of it. A document without that shape is answered unchanged; the browser suite
 * (js project) hydrates every page through the rewritten script.
 */
const MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/g;
const NAMESPACE_IMPORT = /import \* as (\w+) from ("[^"\\]+");/g;
const BARE_IMPORT = /^\s*import ("[^"\\]+");/gm;

/** The same for a rendered document; one without Remix's module script is not decoded at all. */
export function deferAppScriptsIn(document: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  if (!document.includes("window.__remixRouteModules")) return document;
  return Buffer.from(deferAppScripts(document.toString("utf8")), "utf8");
}

export function deferAppScripts(html: string): string {
  let rewritten = false;
  const result = html.replace(MODULE_SCRIPT, (whole, open: string, body: string, close: string) => {
    if (rewritten || !body.includes("window.__remixRouteModules")) return whole;
    const modules = [...body.matchAll(NAMESPACE_IMPORT)];
    if (modules.length === 0) return whole;
    const bare = [...body.matchAll(BARE_IMPORT)].map(([, specifier]) => `import(${specifier})`);
    const rest = body.replace(NAMESPACE_IMPORT, "").replace(BARE_IMPORT, "").replace(/^\s*;/, "");
    rewritten = true;
    const names = modules.map(([, name]) => name).join(", ");
    const loads = [...bare, ...modules.map(([, , specifier]) => `import(${specifier})`)];
    const skipped = bare.length > 0 ? `${",".repeat(bare.length)} ` : "";
    return `${open}requestAnimationFrame(() => setTimeout(async () => {
const [${skipped}${names}] = await Promise.all([${loads.join(", ")}]);
${rest.trim()}
}, 0));${close}`;
  });
  if (!rewritten) return html;
  return result.replace(/<link rel="modulepreload" href=/g, '<link rel="prefetch" href=');
}
