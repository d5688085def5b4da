/** The back office's addresses; /admin is never a localized page of the route table. */
/** "Dziś" (app/today): the back office's first page, what is due today; with any query it is the order list. */
export const ADMIN_HOME = "/admin";
/**
 * The order list's own address. The list and its search keep /admin?…, so bookmarks and links work;
 * `status=all` is what the list reads as "every status", so the plain list is a query too (docs/decisions/081).
 */
export const ORDER_LIST_PATH = `${ADMIN_HOME}?status=all`;
export const LOGIN_PATH = "/admin/login";
/** The second step of signing in: the code from the authenticator app. */
export const CODE_STEP_PATH = "/admin/login/code";
export const LOGOUT_PATH = "/admin/logout";
export const CSV_PATH = "/admin/orders.csv";

export function isBackOfficePath(pathname: string): boolean {
  return pathname === ADMIN_HOME || pathname.startsWith(`${ADMIN_HOME}/`);
}

export function orderDetailPath(orderId: number): string {
  return `${ADMIN_HOME}/orders/${orderId}`;
}

/** The owner's declaration, pre-filled for printing (paid orders only): the current one, or the one of `code` (a replaced one, docs/decisions/092). */
export function declarationPath(orderId: number, code?: string): string {
  return `${orderDetailPath(orderId)}/declaration.pdf${code ? `?kod=${encodeURIComponent(code)}` : ""}`;
}

/** A sign-in page's address that carries where to go afterwards (the list needs no mention). */
export function withNext(path: string, next: string): string {
  return next === ADMIN_HOME ? path : `${path}?next=${encodeURIComponent(next)}`;
}

export function codeStepPath(next: string): string {
  return withNext(CODE_STEP_PATH, next);
}

/** Finding a customer to export or erase their data (RODO art. 15, 17 and 20). */
export const CUSTOMER_SEARCH_PATH = `${ADMIN_HOME}/customers`;

/** The data of the customer who placed this order: every order of theirs, the export and the erasure. */
/** `also`: orders that share only a phone, which the operator confirmed by hand as the same person's (docs/decisions/060). */
export function customerDataPath(orderId: number, also: readonly number[] = []): string {
  return `${CUSTOMER_SEARCH_PATH}/${orderId}${alsoQuery(also, "?")}`;
}

export function customerExportPath(orderId: number, format: "json" | "pdf", also: readonly number[] = []): string {
  return `${CUSTOMER_SEARCH_PATH}/${orderId}/export?format=${format}${alsoQuery(also, "&")}`;
}

const alsoQuery = (also: readonly number[], first: "?" | "&") => (also.length > 0 ? first + also.map((id) => `also=${id}`).join("&") : "");

/** Customers' reviews waiting for the operator's decision, and the decided ones (docs/decisions/052). */
export const REVIEWS_PATH = `${ADMIN_HOME}/reviews`;
/** The operator issues an order's invoice (app/invoices). */
export function orderInvoicePath(orderId: number): string {
  return `${orderDetailPath(orderId)}/invoice`;
}

/** Every invoice, with a month filter, and its CSV for the accountant. */
export const INVOICES_PATH = `${ADMIN_HOME}/invoices`;
export const INVOICES_CSV_PATH = `${ADMIN_HOME}/invoices.csv`;

export function invoicePdfPath(invoiceId: number): string {
  return `${INVOICES_PATH}/${invoiceId}/pdf`;
}

/** The invoice's FA(3) file as stored for KSeF, for sending by hand. */
export function invoiceXmlPath(invoiceId: number): string {
  return `${INVOICES_PATH}/${invoiceId}/xml`;
}

/** The month in figures (app/statistics), and its sales register per month for the accountant. */
export const STATISTICS_PATH = `${ADMIN_HOME}/statistics`;
export const STATISTICS_REGISTER_PATH = `${STATISTICS_PATH}/register.csv`;

export function salesRegisterPath(month: string): string {
  return `${STATISTICS_REGISTER_PATH}?month=${month}`;
}

/** The customers' messages (app/messages): every thread, unanswered first; a contact-page thread has its own page. */
export const MESSAGES_PATH = `${ADMIN_HOME}/messages`;

export function messageThreadPath(conversationId: number): string {
  return `${MESSAGES_PATH}/${conversationId}`;
}

/** The operator's reply templates, one text per language (docs/decisions/087). */
export const REPLY_TEMPLATES_PATH = `${ADMIN_HOME}/reply-templates`;
/** The id of the order page's thread and answer form, where "Użyj szablonu" brings the operator back. */
export const THREAD_ANCHOR = "rozmowa";
