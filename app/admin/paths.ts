/** The back office's addresses; /admin is never a localized page of the route table. */
export const ADMIN_HOME = "/admin";
export const LOGIN_PATH = "/admin/login";
export const LOGOUT_PATH = "/admin/logout";
export const CSV_PATH = "/admin/orders.csv";

export function isBackOfficePath(pathname: string): boolean {
  return pathname === ADMIN_HOME || pathname.startsWith(`${ADMIN_HOME}/`);
}

export function orderDetailPath(orderId: number): string {
  return `${ADMIN_HOME}/orders/${orderId}`;
}

/** The owner's declaration, pre-filled for printing (paid orders only). */
export function declarationPath(orderId: number): string {
  return `${orderDetailPath(orderId)}/declaration.pdf`;
}
