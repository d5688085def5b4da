/**
 * The layers of app/ (docs/decisions/068 and 078), lowest first. Within a layer the folders are in
 * order too: a folder imports only folders before it in this list, never one after it. That single
 * rule keeps the folder graph free of pairs that import each other and of imports that point up.
 * eslint.config.js turns it into one import-x/no-restricted-paths zone per folder, and
 * app/layers.test.ts plants a forbidden import in each zone to prove it refuses.
 */
export const LAYERS = [
  { layer: "configuration", folders: ["config"] },
  {
    layer: "infrastructure",
    folders: ["log", "i18n", "db", "outbox", "security", "forms", "content", "server", "tracking", "render"],
  },
  { layer: "the order core", folders: ["order"] },
  { layer: "the shared kit", folders: ["components"] },
  {
    layer: "feature domains and their screens",
    folders: [
      "legal",
      "mail",
      "documents",
      "ksef",
      "invoices",
      "shipping",
      "payments",
      "bank-statements",
      "withdrawal",
      "reviews",
      "messages",
      "verification",
    ],
  },
  { layer: "flows", folders: ["flows"] },
  { layer: "pages", folders: ["order-form", "customer-page", "admin", "statistics", "today"] },
  { layer: "what starts the site, and the routes", folders: ["jobs", "routes"] },
];

/** The files directly in app/ (root.tsx, entry.*, the root loader): the routes' layer, imported by nothing in a folder. */
export const ROOT_FILES = ["root.tsx", "root-loader.server.ts", "entry.client.tsx", "entry.server.tsx", "load-context.server.ts"];

/** Every folder of app/ in the one order. */
export const FOLDER_ORDER = LAYERS.flatMap(({ folders }) => folders);

/** One zone per folder: it may import nothing that comes after it. */
export function layerZones() {
  return FOLDER_ORDER.map((folder, index) => {
    const { layer } = LAYERS.find(({ folders }) => folders.includes(folder));
    const later = FOLDER_ORDER.slice(index + 1);
    return {
      target: `./app/${folder}`,
      from: [...later.map((name) => `./app/${name}`), ...ROOT_FILES.map((file) => `./app/${file}`)],
      message: `app/${folder} (${layer}) imports only folders before it in eslint-layers.js (docs/decisions/078).`,
    };
  });
}
