import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

type Notification = Record<string, unknown>;

/**
 * A small HTTP server on 127.0.0.1 where the Przelewy24 stand-in posts its notifications, as it
 * posts them to the site's urlStatus: the payments' at `urlStatus`, the refunds' at `refundUrlStatus`.
 * A test hands what arrived to the domain, as the notification routes do.
 */
export async function startNotificationReceiver() {
  const payments: Notification[] = [];
  const refunds: Notification[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      (request.url === "/refund-notification" ? refunds : payments).push(JSON.parse(body) as Notification);
      response.writeHead(200).end("OK");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    urlStatus: `${base}/notification`,
    refundUrlStatus: `${base}/refund-notification`,
    payments,
    refunds,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
