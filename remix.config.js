import { readFileSync } from "node:fs";

/**
 * Every localized page is registered from the route table, so a path is written once
 * (app/i18n/route-table.json). File-system routing is off: all routes are listed here.
 * A page's module is routes/<page id>.tsx unless its entry names another `file`: the table also
 * reaches the browser (app/i18n/routes.ts), which needs only the paths (docs/decisions/090).
 */
const routeTable = JSON.parse(readFileSync(new URL("./app/i18n/route-table.json", import.meta.url), "utf8"));

/** Routes that are not localized pages: [path, file]. */
const otherRoutes = [
  ["sitemap.xml", "routes/sitemap.xml.ts"],
  ["robots.txt", "routes/robots.txt.ts"],
  ["consent", "routes/consent.ts"],
  ["tracking/event", "routes/tracking-event.ts"],
  ["api/preview", "routes/api.preview.ts"],
  ["api/accept", "routes/api.accept.ts"],
  ["agreement/:token", "routes/agreement-pdf.ts"],
  ["invoice/:token/:id", "routes/invoice-pdf.ts"],
  // Przelewy24's payment and refund notifications; the paths are in app/server/provider-paths.ts.
  ["payments/przelewy24/notification", "routes/payments.p24-notification.ts"],
  ["payments/przelewy24/refund-notification", "routes/payments.p24-refund-notification.ts"],
  // InPost's webhook (docs/decisions/048); the path is in app/server/provider-paths.ts.
  ["shipping/inpost/webhook", "routes/shipping.inpost-webhook.ts"],
  // The back office (app/admin): Polish only, never in the route table or the sitemap.
  ["admin", "routes/admin.orders.tsx"],
  ["admin/login", "routes/admin.login.tsx"],
  ["admin/login/code", "routes/admin.login-code.tsx"],
  ["admin/logout", "routes/admin.logout.ts"],
  ["admin/orders.csv", "routes/admin.orders-csv.ts"],
  ["admin/orders/:id", "routes/admin.order.tsx"],
  ["admin/orders/:id/declaration.pdf", "routes/admin.order-declaration.ts"],
  ["admin/orders/:id/label.pdf", "routes/admin.order-label.ts"],
  ["admin/shipping", "routes/admin.ship-batch.tsx"],
  ["admin/shipping/labels.pdf", "routes/admin.ship-labels.ts"],
  ["admin/orders/:id/invoice", "routes/admin.order-invoice.tsx"],
  ["admin/invoices", "routes/admin.invoices.tsx"],
  ["admin/invoices.csv", "routes/admin.invoices-csv.ts"],
  ["admin/invoices/:id/pdf", "routes/admin.invoice-pdf.ts"],
  ["admin/invoices/:id/xml", "routes/admin.invoice-xml.ts"],
  ["admin/customers", "routes/admin.customers.tsx"],
  ["admin/customers/:id", "routes/admin.customer.tsx"],
  ["admin/customers/:id/export", "routes/admin.customer-export.ts"],
  ["admin/reviews", "routes/admin.reviews.tsx"],
  ["admin/bank-statements", "routes/admin.bank-statements.tsx"],
  ["admin/bank-statements/:id", "routes/admin.bank-statement.tsx"],
  ["admin/messages", "routes/admin.messages.tsx"],
  ["admin/messages/:id", "routes/admin.message.tsx"],
  ["admin/reply-templates", "routes/admin.reply-templates.tsx"],
  ["admin/statistics", "routes/admin.statistics.tsx"],
  ["admin/statistics/register.csv", "routes/admin.statistics-register.ts"],
  ["admin/*", "routes/admin.not-found.tsx"],
  ["*", "routes/not-found.tsx"],
];

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // The server layer in front of Remix, compiled with the app into build/index.js (docs/decisions/024).
  server: "./server.ts",
  ignoredRouteFiles: ["**/*"],
  serverModuleFormat: "esm",
  postcss: true,
  tailwind: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
  routes(defineRoutes) {
    return defineRoutes((route) => {
      for (const [pageId, page] of Object.entries(routeTable)) {
        for (const [locale, path] of Object.entries(page.paths)) {
          route(path, page.file ?? `routes/${pageId}.tsx`, { id: `${pageId}.${locale}`, index: path === "/" });
        }
      }
      for (const [path, file] of otherRoutes) route(path, file, { id: file.replace(/\.tsx?$/, "") });
    });
  },
};
