import Database from "better-sqlite3";

/** Rows read straight from a site's SQLite file, opened read-only for the one query (the site may be writing). */
export function sqliteRows(path: string, query: string): Array<{ [column: string]: unknown }> {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare(query).all() as Array<{ [column: string]: unknown }>;
  } finally {
    db.close();
  }
}

/**
 * One kind of the outbox's e-mails against what the SMTP server received: how many were queued,
 * orders with a second queued message (a second Message-ID, so a second e-mail), messages never
 * delivered, and deliveries of the same Message-ID again (a kill after the server's acceptance and
 * before the sent mark: at least once, counted, not a failure).
 */
export function mailFigures(path: string, kind: string, received: ReadonlyArray<{ messageId: string }>, host: string) {
  const mails = sqliteRows(
    path,
    `SELECT outbox.id AS id, orders.number AS number FROM outbox JOIN orders ON orders.id = outbox.order_id WHERE kind = '${kind}'`,
  );
  const deliveries = new Map<string, number>();
  for (const message of received) deliveries.set(message.messageId, (deliveries.get(message.messageId) ?? 0) + 1);
  const messagesPerOrder = new Map<string, number>();
  for (const row of mails) messagesPerOrder.set(String(row.number), (messagesPerOrder.get(String(row.number)) ?? 0) + 1);
  const mailIds = mails.map((row) => `<outbox-${row.id}.${row.number}@${host}>`);
  return {
    queued: mails.length,
    mailedTwice: [...messagesPerOrder.values()].filter((n) => n > 1).length,
    unsent: mailIds.filter((id) => !deliveries.has(id)).length,
    resent: mailIds.reduce((sum, id) => sum + Math.max(0, (deliveries.get(id) ?? 0) - 1), 0),
  };
}
