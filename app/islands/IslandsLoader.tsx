import { islandsEntryUrl } from "~/islands/manifest.server";

/**
 * The only script of an islands page: once the page has loaded (and the browser is idle),
 * it imports the islands bundle. A dynamic import, so nothing of it is first-load
 * JavaScript. Rendered on the server only (useDocumentScripts never says "islands" in the
 * browser), where the manifest can be read. The URL is our own build's, so JSON.stringify
 * quotes it safely; the root's chunk stays free of the JSON-LD module.
 */
export function IslandsLoader({ nonce }: { nonce: string }) {
  const entry = islandsEntryUrl();
  if (!entry) return null;
  const load = `const load=()=>import(${JSON.stringify(entry)});`;
  const whenIdle = `const idle=()=>"requestIdleCallback"in window?requestIdleCallback(load,{timeout:2000}):setTimeout(load);`;
  const afterLoad = `document.readyState==="complete"?idle():addEventListener("load",idle,{once:true});`;
  return <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: load + whenIdle + afterLoad }} />;
}
