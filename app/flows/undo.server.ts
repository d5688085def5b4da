import type { Kysely, Selectable, Transaction } from "kysely";
import type { AppDatabase } from "~/db/db.server";
import type { Database, MessageKind, OrderEventsTable, OrderStatus } from "~/db/schema";
import { objectOf } from "~/order/lifecycle/event-details";
import { recordOrderEvent } from "~/order/lifecycle/order-events.server";
import { enqueueAgain, messageLeft, withdrawUnsentMessage } from "~/outbox/outbox.server";
import { handedToCarrier } from "~/shipping/carrier";
import { SHIPMENT_REQUESTED } from "~/shipping/ship.server";
import { reopenLineOf } from "~/bank-statements/to-check.server";

/*
 * "Cofnij": an operator takes back their own "paid" or "dispatched" within UNDO_WINDOW_MS of it
 * (docs/decisions/083). It is a move of its own, back to the status before, written to the history
 * beside the move it undoes. The move's e-mail is withdrawn from the outbox in the same transaction
 * when it has not left; when it has, the customer is sent a short correction. A flow, not the
 * lifecycle: it reads the invoices and the parcel's state at the carrier.
 */

/** How long after a move its operator may take it back. */
export const UNDO_WINDOW_MS = 10 * 60_000;

/** The moves that can be taken back: what each left, what it came from, and the e-mail it queued. */
const UNDOABLE = {
  mark_paid: { from: "awaiting_payment", to: "paid", message: "order_paid" },
  mark_dispatched: { from: "paid", to: "dispatched", message: "order_dispatched" },
} as const satisfies Record<string, { from: OrderStatus; to: OrderStatus; message: MessageKind }>;

export type UndoableTransition = keyof typeof UNDOABLE;

/** The history line's action for an undo (HISTORY_TEXT.action). */
export const UNDO_ACTION = "undo";

/** One move its operator may take back now; `mailLeft`: its e-mail is out (sent or being sent), so undoing sends a correction. */
export type UndoableMove = {
  orderId: number;
  number: string;
  /** The history line of the move, which the form names so that only that move is undone. */
  eventId: number;
  transition: UndoableTransition;
  /** ISO instant after which it can no longer be taken back. */
  until: string;
  mailLeft: boolean;
};

/**
 * Why an undo is refused: another operator's (or the system's) move; an online payment (the
 * gateway's fact); past the window; no longer the order's latest move or status; an invoice issued
 * for the payment (a correction is the way); a parcel InPost already has.
 */
export type UndoRefusal = "not-yours" | "online" | "expired" | "not-latest" | "invoiced" | "handed-over";

/** What happened to the move's e-mail: taken back before it left, a correction queued after it left, or there was none. */
export type UndoMail = "withdrawn" | "correction" | "none";

export type UndoResult = { ok: true; transition: UndoableTransition; mail: UndoMail } | { ok: false; reason: UndoRefusal | "not-found" };

type Reader = Kysely<Database> | Transaction<Database>;

type MoveRow = Selectable<OrderEventsTable>;

/** The order's latest move of its status (a correction, a note or a resend moves none). */
function latestMove(db: Reader, orderId: number): Promise<MoveRow | undefined> {
  return db
    .selectFrom("order_events")
    .selectAll()
    .where("order_id", "=", orderId)
    .whereRef("from_status", "!=", "to_status")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

function transitionOf(move: Pick<MoveRow, "from_status" | "to_status">): UndoableTransition | null {
  const found = (Object.keys(UNDOABLE) as UndoableTransition[]).find(
    (transition) => UNDOABLE[transition].from === move.from_status && UNDOABLE[transition].to === move.to_status,
  );
  return found ?? null;
}

const untilOf = (move: Pick<MoveRow, "at">) => new Date(new Date(move.at).getTime() + UNDO_WINDOW_MS);

/**
 * Every rule of an undo but the order's status, read in `db` (the undo's own transaction when it
 * acts): the move must be the order's latest, the operator's own, not an online payment, within
 * the window, with no invoice issued for a payment and no parcel with InPost for a dispatch.
 */
async function checkMove(
  db: Reader,
  orderId: number,
  eventId: number,
  operator: string,
  now: Date,
): Promise<{ ok: true; move: MoveRow; transition: UndoableTransition } | { ok: false; reason: UndoRefusal | "not-found" }> {
  const order = await db.selectFrom("orders").select(["status", "shipment_status"]).where("id", "=", orderId).executeTakeFirst();
  if (!order) return { ok: false, reason: "not-found" };
  const move = await latestMove(db, orderId);
  const transition = move ? transitionOf(move) : null;
  if (!move || move.id !== eventId || !transition || order.status !== move.to_status) return { ok: false, reason: "not-latest" };
  // Money that came online is the gateway's fact, not the operator's (applyTransitionIn refuses a hand-made "paid" beside it too).
  if (objectOf(move.details ?? "{}").paidOnline) return { ok: false, reason: "online" };
  if (move.operator !== operator) return { ok: false, reason: "not-yours" };
  if (now.getTime() > untilOf(move).getTime()) return { ok: false, reason: "expired" };
  if (transition === "mark_paid") {
    const invoice = await db.selectFrom("invoices").select("id").where("order_id", "=", orderId).executeTakeFirst();
    if (invoice) return { ok: false, reason: "invoiced" };
  }
  // "requested" is our own mark of a shipment being asked for, not InPost's word that it has the parcel.
  if (
    transition === "mark_dispatched" &&
    order.shipment_status &&
    order.shipment_status !== SHIPMENT_REQUESTED &&
    handedToCarrier(order.shipment_status)
  )
    return { ok: false, reason: "handed-over" };
  return { ok: true, move, transition };
}

/** What the order's page offers: its latest move if its operator may take it back now, or why not once the operator sees the form. */
export async function undoOffer(
  db: AppDatabase,
  orderId: number,
  operator: string,
  now: Date,
): Promise<{ move: UndoableMove; refusal: UndoRefusal | null } | null> {
  const move = await latestMove(db, orderId);
  if (!move) return null;
  const checked = await checkMove(db, orderId, move.id, operator, now);
  // Only the operator's own move, still in its window, is worth a word on the page; another's or an old one is just history.
  const refusal = checked.ok ? null : checked.reason;
  if (refusal !== null && refusal !== "invoiced" && refusal !== "handed-over") return null;
  const transition = transitionOf(move)!;
  return { move: await moveOf(db, move, transition), refusal };
}

async function moveOf(db: Reader, move: MoveRow, transition: UndoableTransition): Promise<UndoableMove> {
  const order = await db.selectFrom("orders").select("number").where("id", "=", move.order_id).executeTakeFirstOrThrow();
  return {
    orderId: move.order_id,
    number: order.number,
    eventId: move.id,
    transition,
    until: untilOf(move).toISOString(),
    mailLeft: await messageLeft(db, move.order_id, UNDOABLE[transition].message),
  };
}

/** The operator's moves that can be taken back now, soonest to lapse first (for "Dziś" and the order's page). */
export async function undoableMoves(db: AppDatabase, operator: string, now: Date): Promise<UndoableMove[]> {
  const since = new Date(now.getTime() - UNDO_WINDOW_MS).toISOString();
  const recent = await db
    .selectFrom("order_events")
    .selectAll()
    .where("operator", "=", operator)
    .where("at", ">=", since)
    .whereRef("from_status", "!=", "to_status")
    .orderBy("at")
    .orderBy("id")
    .execute();
  const moves: UndoableMove[] = [];
  for (const move of recent) {
    const checked = await checkMove(db, move.order_id, move.id, operator, now);
    if (checked.ok) moves.push(await moveOf(db, checked.move, checked.transition));
  }
  return moves;
}

/**
 * Takes back the move `eventId` of an order, in ONE transaction: the rules re-read inside it, the
 * status back with the facts the move set cleared, the history line, and the e-mail withdrawn or
 * a correction queued. The status is compared in the UPDATE, so a move made meanwhile (by another
 * operator, housekeeping or InPost) makes the undo refuse instead of overwriting it.
 */
export function undoMove(db: AppDatabase, orderId: number, eventId: number, operator: string, now: Date): Promise<UndoResult> {
  return db.transaction().execute(async (trx): Promise<UndoResult> => {
    const checked = await checkMove(trx, orderId, eventId, operator, now);
    if (!checked.ok) return checked;
    const { move, transition } = checked;
    const { from, to, message } = UNDOABLE[transition];
    const at = now.toISOString();
    const cleared =
      transition === "mark_paid"
        ? { paid_at: null, received_grosze: null }
        : // A label's number made through InPost stays: the parcel will go with it; a hand-typed one goes with the dispatch.
          { dispatched_at: null };
    const updated = await trx
      .updateTable("orders")
      .set({ status: from, updated_at: at, ...cleared })
      .where("id", "=", orderId)
      .where("status", "=", to)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return { ok: false, reason: "not-latest" };
    if (transition === "mark_dispatched")
      await trx
        .updateTable("orders")
        .set({ tracking_number: null, courier: null })
        .where("id", "=", orderId)
        .where("shipment_id", "is", null)
        .execute();

    // Money read from the bank's statement stays the operator's to decide on, not lost with the "paid".
    if (transition === "mark_paid" && objectOf(move.details ?? "{}").bankStatement) await reopenLineOf(trx, orderId);

    const mail: UndoMail = (await withdrawUnsentMessage(trx, orderId, message))
      ? "withdrawn"
      : (await messageLeft(trx, orderId, message))
        ? "correction"
        : "none";
    if (mail === "correction") await enqueueAgain(trx, orderId, "order_move_undone", now, { undone: transition });
    await recordOrderEvent(trx, {
      orderId,
      operator,
      from: to,
      to: from,
      details: { action: UNDO_ACTION, undone: transition, movedAt: move.at, customerMail: mail },
      at: now,
    });
    return { ok: true, transition, mail };
  });
}
