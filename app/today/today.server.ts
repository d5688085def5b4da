import type { AppDatabase } from "~/db/db.server";
import { dispatchQueue, troubleCandidates, troubleOf } from "~/admin/order-list.server";
import { INVOICES_PATH, ADMIN_HOME, MESSAGES_PATH, orderDetailPath, REVIEWS_PATH } from "~/components/admin/paths";
import { formatWarsawTime } from "~/i18n/back-office-format";
import { ksefStateOf } from "~/invoices/ksef-state";
import { invoicesForKsefAttention } from "~/invoices/admin.server";
import { warsawDay } from "~/order/delivery-dates.server";
import { DUE_TEXT } from "~/order/lifecycle/admin-texts";
import { orderDeadlinesOf, paymentDueDay } from "~/order/lifecycle/deadlines.server";
import { listReviews } from "~/reviews/reviews.server";
import { REVIEW_TEXT } from "~/reviews/admin-texts";
import { SHIPMENT_STATUS_LABEL, SHIPPING_TEXT } from "~/shipping/admin-texts";
import { listWithdrawals } from "~/withdrawal/admin.server";
import { WITHDRAWAL_TEXT } from "~/withdrawal/admin-texts";
import { refundDueBy } from "~/withdrawal/withdrawal.server";
import { listLines } from "~/bank-statements/to-check.server";
import { STATEMENT_TEXT } from "~/bank-statements/admin-texts";
import { lineAnchor } from "~/bank-statements/AdminBankStatements";
import { formatPrice } from "~/i18n/money";
import { BANK_STATEMENTS_PATH } from "~/server/file-form-paths";
import { listInbox } from "~/messages/inbox.server";
import { threadHref } from "~/messages/AdminMessages";
import { MESSAGES_TEXT } from "~/messages/admin-texts";
import { TODAY_TEXT } from "./texts";

/** One thing to do: a link to where it is done (an order's page), who it concerns, and its deadline. */
export type TodayRow = {
  href: string;
  /** The order's number (or, for a statement without an order, the reference the customer gave). */
  number: string;
  name: string;
  /** The deadline as a Warsaw day ("2026-12-01"), or null when the task has none; the list is ordered by it. */
  due: string | null;
  /** What the deadline is ("Wpłata do"); shown before the day. */
  dueLabel: string;
  /** The deadline has passed. */
  late: boolean;
  /** Anything else the operator needs to see before opening it, in Polish. */
  notes: string[];
  /** A warning in Polish (the order comes too late for the lease, KSeF refused the invoice), or null. */
  alert: string | null;
};

export type TodayGroup = {
  key: string;
  title: string;
  /** The full list this group is taken from, for more than the day's view gives. */
  listHref: string;
  rows: TodayRow[];
};

/** The moment the page is read, and the Warsaw days it calls today and tomorrow. */
export type TodayClock = { now: Date; today: string; tomorrow: string; deadlineDays: number };

/** One group's source: its rows, however many (an empty group is not shown). */
type TodaySource = (db: AppDatabase, clock: TodayClock) => Promise<TodayGroup>;

const ALL_ORDERS = { search: "", from: "", to: "" };
const DAY_MS = 86_400_000;

function dayAfter(isoDay: string): string {
  return new Date(Date.parse(`${isoDay}T12:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

export function todayClock(now: Date, deadlineDays: number): TodayClock {
  const today = warsawDay(now);
  return { now, today, tomorrow: dayAfter(today), deadlineDays };
}

/** Orders not paid yet whose last day to pay is today or tomorrow (or passed, before housekeeping cancels them). */
const unpaidDue: TodaySource = async (db, clock) => {
  const unpaid = await db
    .selectFrom("orders")
    .select(["id", "number", "tenant_name", "created_at"])
    .where("status", "=", "awaiting_payment")
    .where("withdrawn_at", "is", null)
    .execute();
  const rows = unpaid
    .map((order) => ({ order, due: paymentDueDay(order, clock.deadlineDays) }))
    .filter(({ due }) => due <= clock.tomorrow)
    .map(({ order, due }) => ({
      href: orderDetailPath(order.id),
      number: order.number,
      name: order.tenant_name,
      due,
      dueLabel: DUE_TEXT.payment,
      late: due < clock.today,
      notes: [],
      alert: null,
    }));
  return { key: "unpaid", title: TODAY_TEXT.groups.unpaid, listHref: `${ADMIN_HOME}?status=awaiting_payment`, rows: byDue(rows) };
};

/** Paid orders to dispatch: those already late for their lease start (or for the promised dispatch) on top, then the soonest lease start. */
const toDispatch: TodaySource = async (db, clock) => {
  const paid = await dispatchQueue(db, ALL_ORDERS)
    .select([
      "id",
      "number",
      "tenant_name",
      "status",
      "created_at",
      "paid_at",
      "declaration_type",
      "immediate_performance_consent_at",
      "start_date",
      "delivery_method",
      "address_pending",
      "address_given_at",
    ])
    .execute();
  const rows = paid
    .map((order) => {
      const deadlines = orderDeadlinesOf(order, clock.deadlineDays, clock.now);
      const row: TodayRow = {
        href: orderDetailPath(order.id),
        number: order.number,
        name: order.tenant_name,
        due: deadlines.dispatchDue,
        dueLabel: DUE_TEXT.dispatch,
        late: deadlines.dispatchOverdue,
        notes: deadlines.leaseStart ? [`${DUE_TEXT.lease} ${formatWarsawTime(deadlines.leaseStart)}`] : [],
        alert:
          deadlines.lateForLease && deadlines.deliveredBy ? DUE_TEXT.lateForLease(formatWarsawTime(deadlines.deliveredBy), true) : null,
      };
      return { row, behind: deadlines.dispatchOverdue || deadlines.lateForLease, leaseStart: deadlines.leaseStart };
    })
    .sort(
      (a, b) =>
        Number(b.behind) - Number(a.behind) ||
        compareDays(a.leaseStart, b.leaseStart) ||
        compareDays(a.row.due, b.row.due) ||
        a.row.number.localeCompare(b.row.number),
    )
    .map(({ row }) => row);
  return { key: "dispatch", title: TODAY_TEXT.groups.dispatch, listHref: `${ADMIN_HOME}?due=1`, rows };
};

/** Withdrawn orders without the operator's decision, and statements no order was found for; each with its refund deadline. */
const withdrawalsToDecide: TodaySource = async (db, clock) => {
  const undecided = await db
    .selectFrom("orders")
    .select(["id", "number", "tenant_name", "withdrawn_at"])
    .where("withdrawn_at", "is not", null)
    .where("withdrawal_decision", "is", null)
    .execute();
  const unmatched = await listWithdrawals(db, { unmatchedOnly: true });
  const rows = [
    ...undecided.map((order) => refundRow(clock, orderDetailPath(order.id), order.number, order.tenant_name, order.withdrawn_at!, [])),
    ...unmatched.map((statement) =>
      refundRow(clock, `${ADMIN_HOME}?withdrawals=unmatched`, statement.reference, statement.name, statement.receivedAt, [
        TODAY_TEXT.unmatchedStatement,
      ]),
    ),
  ];
  return { key: "withdrawals", title: TODAY_TEXT.groups.withdrawals, listHref: `${ADMIN_HOME}?withdrawals=all`, rows: byDue(rows) };
};

function refundRow(clock: TodayClock, href: string, number: string, name: string, receivedAt: string, notes: string[]): TodayRow {
  const due = warsawDay(refundDueBy(receivedAt));
  return { href, number, name, due, dueLabel: WITHDRAWAL_TEXT.refundDueBy, late: due < clock.today, notes, alert: null };
}

/** InPost parcels that came back, cannot be delivered or are stuck: the longest on the way first. */
const parcelsInTrouble: TodaySource = async (db, clock) => {
  const travelling = await troubleCandidates(db, ALL_ORDERS)
    .select(["id", "number", "tenant_name", "status", "delivery_method", "shipment_id", "shipment_status", "dispatched_at", "delivered_at"])
    .orderBy("dispatched_at")
    .orderBy("id")
    .execute();
  const rows = travelling.flatMap((order) => {
    const trouble = troubleOf(order, clock.now);
    if (!trouble) return [];
    const alert =
      trouble.kind === "status"
        ? SHIPPING_TEXT.troubleStatus(SHIPMENT_STATUS_LABEL[trouble.status] ?? trouble.status)
        : SHIPPING_TEXT.troubleStuck(formatWarsawTime(trouble.since));
    return [
      {
        href: orderDetailPath(order.id),
        number: order.number,
        name: order.tenant_name,
        due: null,
        dueLabel: "",
        late: false,
        notes: [],
        alert,
      },
    ];
  });
  return { key: "parcels", title: TODAY_TEXT.groups.parcels, listHref: `${ADMIN_HOME}?trouble=1`, rows };
};

/** How much of the customer's question the day's list shows. */
const QUESTION_EXCERPT_CHARS = 140;

/** Threads whose customer waits for an answer, the longest waiting first: the top of "Wiadomości". */
const unansweredMessages: TodaySource = async (db, clock) => {
  const waiting = (await listInbox(db)).filter((row) => row.unanswered);
  const rows = waiting.map((row) => {
    const question = row.lastMessage ?? "";
    return {
      href: threadHref(row),
      number: row.orderNumber ?? row.contactEmail ?? MESSAGES_TEXT.contact,
      name: row.orderNumber ? MESSAGES_TEXT.language(row.locale) : (row.contactName ?? MESSAGES_TEXT.contact),
      due: null,
      dueLabel: "",
      late: false,
      notes: [
        `${MESSAGES_TEXT.asked} ${MESSAGES_TEXT.age(row.lastCustomerAt, clock.now, formatWarsawTime)}`,
        question.length > QUESTION_EXCERPT_CHARS ? `${question.slice(0, QUESTION_EXCERPT_CHARS)}…` : question,
      ].filter(Boolean),
      alert: null,
    };
  });
  return { key: "messages", title: MESSAGES_TEXT.today, listHref: MESSAGES_PATH, rows };
};

/** How far back an invoice to send to KSeF by hand stays on the day's list. */
export const MANUAL_KSEF_DAYS = 7;

/** Invoices waiting for KSeF, refused by it, or to send by hand; the refused and by-hand first, as they wait for the operator. */
const invoicesForKsef: TodaySource = async (db, clock) => {
  const since = new Date(clock.now.getTime() - MANUAL_KSEF_DAYS * DAY_MS).toISOString();
  const submissions = await invoicesForKsefAttention(db, since);
  const rows = submissions
    .map((submission) => ({ submission, state: ksefStateOf(submission)! }))
    .sort((a, b) => Number(b.state.tone === "action") - Number(a.state.tone === "action"))
    .map(({ submission, state }) => ({
      href: orderDetailPath(submission.order_id),
      number: submission.order_number,
      name: submission.tenant_name,
      due: null,
      dueLabel: "",
      late: false,
      notes: [
        state.tone === "action"
          ? TODAY_TEXT.invoice(submission.invoice_number)
          : TODAY_TEXT.ksefInvoice(submission.invoice_number, state.label),
        ...(state.detail ? [state.detail] : []),
      ],
      alert: state.tone === "action" ? state.label : null,
    }));
  return { key: "invoices", title: TODAY_TEXT.groups.invoices, listHref: INVOICES_PATH, rows };
};

/** Reviews waiting for the operator's approval, the oldest first. */
const reviewsToApprove: TodaySource = async (db) => {
  const pending = await listReviews(db, "pending");
  const rows = pending.map((review) => ({
    href: orderDetailPath(review.order_id),
    number: review.order_number,
    name: review.display_name,
    due: null,
    dueLabel: "",
    late: false,
    notes: [REVIEW_TEXT.stars(review.stars)],
    alert: null,
  }));
  return { key: "reviews", title: TODAY_TEXT.groups.reviews, listHref: REVIEWS_PATH, rows };
};

/** Credits from the bank's statements that wait for the operator's decision ("Do sprawdzenia"), oldest first. */
const statementLinesToCheck: TodaySource = async (db) => {
  const lines = await listLines(db, "open");
  const rows = lines.map((line) => ({
    href: `${BANK_STATEMENTS_PATH}#${lineAnchor(line.id)}`,
    number: line.orders[0]?.number ?? `${line.fileName}, poz. ${line.lineNo}`,
    name: line.payer,
    due: null,
    dueLabel: "",
    late: false,
    notes: [
      `${formatPrice(line.amountGrosze, "pl")} ${line.currency === "PLN" ? "" : line.currency}`.trim(),
      STATEMENT_TEXT.reason(line.toCheck),
    ],
    alert: null,
  }));
  return { key: "statementLines", title: TODAY_TEXT.groups.statementLines, listHref: BANK_STATEMENTS_PATH, rows };
};

/**
 * The day's groups, one source each; a new group is one more line here. Ties in the order of the
 * page (the same nearest deadline, or none) keep this order.
 */
const TODAY_SOURCES: readonly TodaySource[] = [
  unpaidDue,
  toDispatch,
  withdrawalsToDecide,
  unansweredMessages,
  parcelsInTrouble,
  statementLinesToCheck,
  invoicesForKsef,
  reviewsToApprove,
];

/** Null last: a task with no deadline waits behind every dated one. */
function compareDays(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

function byDue(rows: TodayRow[]): TodayRow[] {
  return rows.sort((a, b) => compareDays(a.due, b.due) || a.number.localeCompare(b.number));
}

function nearestDue(group: TodayGroup): string | null {
  return group.rows.reduce<string | null>((nearest, row) => (compareDays(row.due, nearest) < 0 ? row.due : nearest), null);
}

/** The groups with something in them, the one whose deadline comes first on top; groups without deadlines last. */
export async function todayGroups(db: AppDatabase, clock: TodayClock): Promise<TodayGroup[]> {
  const groups = [];
  for (const source of TODAY_SOURCES) groups.push(await source(db, clock));
  return groups
    .filter((group) => group.rows.length > 0)
    .map((group, index) => ({ group, index, nearest: nearestDue(group) }))
    .sort((a, b) => compareDays(a.nearest, b.nearest) || a.index - b.index)
    .map(({ group }) => group);
}
