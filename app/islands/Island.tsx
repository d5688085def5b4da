import type { ComponentProps, ComponentType } from "react";
import { serializeJsonLd } from "~/components/JsonLd";
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, ISLAND_COMPONENTS, type IslandName } from "~/islands/registry";
import { useDocumentScripts } from "~/render/hydration";
import { useNonce } from "~/security/nonce";

/**
 * Renders an island component. On an islands page (the server's HTML of a route with the
 * ISLANDS handle) it is wrapped in a container named after it and followed by its props as
 * JSON, which the islands bundle hydrates after load (app/islands/browser-entry.tsx). The
 * JSON is data, never run, but carries the nonce like every script of the site.
 * Everywhere else (a page that runs the whole app) it is just the component.
 */
export function Island<Name extends IslandName>({ name, props }: { name: Name; props: ComponentProps<(typeof ISLAND_COMPONENTS)[Name]> }) {
  // TypeScript cannot follow `name` to its own component's props; the signature above does.
  const Component = ISLAND_COMPONENTS[name] as ComponentType<object>;
  const element = <Component {...(props as object)} />;
  const nonce = useNonce();
  if (useDocumentScripts() !== "islands") return element;
  return (
    <>
      <div {...{ [ISLAND_ATTRIBUTE]: name }}>{element}</div>
      <script type="application/json" nonce={nonce} {...{ [ISLAND_PROPS_ATTRIBUTE]: name }} dangerouslySetInnerHTML={{ __html: serializeJsonLd(props) }} />
    </>
  );
}
