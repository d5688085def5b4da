import Database from "better-sqlite3";

export { E2E_P24 } from "./p24-config";

export function standInUrl(): string {
  const url = process.env.E2E_P24_STAND_IN_URL;
  if (!url) throw new Error("E2E_P24_STAND_IN_URL is not set");
  return url;
}

export type StandInTransaction = {
  sessionId: string;
  status: number;
  orderId: number | null;
  verified: boolean;
  refunds: Array<{ amount: number; description: string; status: string; notifications: number[] }>;
  notifications: Array<{ mode: string; status: number }>;
  lookups: number;
};

/** How the stand-in treats the sessions of one order: decline it, drop, double, forge or alter its notification, reject its refund. */
export async function controlStandIn(
  orderNumber: string,
  rule: {
    decline?: boolean;
    notification?: "send" | "drop" | "twice" | "bad-sign" | "wrong-amount";
    refund?: "complete" | "reject" | "refuse";
  },
): Promise<void> {
  const response = await fetch(`${standInUrl()}/__control`, {
    method: "POST",
    body: JSON.stringify({ sessionPrefix: `${orderNumber}-`, ...rule }),
  });
  if (!response.ok) throw new Error(`stand-in control answered ${response.status}`);
}

export async function standInTransactions(orderNumber: string): Promise<StandInTransaction[]> {
  const response = await fetch(`${standInUrl()}/__transactions?sessionPrefix=${encodeURIComponent(`${orderNumber}-`)}`);
  return (await response.json()) as StandInTransaction[];
}

/** Makes the stand-in send a paid transaction's notification now. */
export async function notifyNow(sessionId: string): Promise<void> {
  const response = await fetch(`${standInUrl()}/__notify`, { method: "POST", body: JSON.stringify({ sessionId }) });
  if (!response.ok) throw new Error(`stand-in notify answered ${response.status}`);
}

function withDatabase<T>(use: (db: Database.Database) => T): T {
  const path = process.env.E2E_DATABASE_PATH;
  if (!path) throw new Error("E2E_DATABASE_PATH is not set");
  const db = new Database(path, { fileMustExist: true, timeout: 5_000 });
  try {
    return use(db);
  } finally {
    db.close();
  }
}

/** The order's payments as the e2e site stored them. */
export function paymentsOf(orderNumber: string): Array<{ state: string; method: string; session_id: string }> {
  return withDatabase((db) =>
    db
      .prepare("SELECT p.state, p.method, p.session_id FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.number = ? ORDER BY p.id")
      .all(orderNumber),
  ) as Array<{ state: string; method: string; session_id: string }>;
}

/** Dates the order's attempts back, as if their notification had been lost minutes ago. */
export function ageAttempts(orderNumber: string, minutes: number): void {
  const at = new Date(Date.now() - minutes * 60_000).toISOString();
  withDatabase((db) =>
    db
      .prepare("UPDATE payments SET created_at = ?, updated_at = ? WHERE order_id = (SELECT id FROM orders WHERE number = ?)")
      .run(at, at, orderNumber),
  );
}
