import type { MigrationStep } from "./step";

/** The outbox as it stands after step 026 (refused), with a conversation's message as a fourth owner a message may have. */
const outboxColumns = `id, order_id, kind, data, status, attempts, next_attempt_at, claim_id, claimed_at, last_error, sent_at, created_at, resent, withdrawal_id, request_id, operator_event_id, refused`;

const tables = (id: string) => `CREATE TABLE conversations (
  id ${id},
  order_id INTEGER UNIQUE REFERENCES orders(id),
  locale TEXT NOT NULL CHECK (locale IN ('pl', 'en', 'uk', 'ru')),
  contact_name TEXT,
  contact_email TEXT,
  created_at TEXT NOT NULL,
  last_customer_at TEXT,
  last_operator_at TEXT,
  erased_at TEXT
)`;

const messages = (id: string) => `CREATE TABLE conversation_messages (
  id ${id},
  conversation_id INTEGER NOT NULL REFERENCES conversations(id),
  author TEXT NOT NULL CHECK (author IN ('customer', 'operator')),
  operator_email TEXT,
  body TEXT,
  created_at TEXT NOT NULL,
  erased_at TEXT,
  notice_minute TEXT
)`;

const notices = `CREATE TABLE conversation_notices (
  minute TEXT PRIMARY KEY,
  message_id INTEGER NOT NULL REFERENCES conversation_messages(id),
  closed_at TEXT
)`;

const indexes = `CREATE INDEX conversations_unanswered ON conversations (last_customer_at);
CREATE INDEX conversations_contact_created ON conversations (created_at) WHERE order_id IS NULL;
CREATE INDEX conversation_messages_thread ON conversation_messages (conversation_id, created_at, id);
CREATE INDEX conversation_messages_notice ON conversation_messages (notice_minute);`;

export const conversations: MigrationStep = {
  // docs/decisions/085. A conversation is an order's thread (one per order, order_id UNIQUE) or a
  // contact page's thread (order_id NULL, with the name and address it gave). A message's text is
  // NULL once erased (erased_at says when); its date stays. `notice_minute` names the operator's
  // notice that lists a customer's message: at most one e-mail per minute (conversation_notices,
  // keyed by its minute). The outbox's messages may now belong to a conversation's message
  // (an answer's e-mail, the operator's notice). SQLite cannot change a CHECK, so the outbox is
  // rebuilt with every column it has.
  name: "conversations",
  sqlite: `${tables("INTEGER PRIMARY KEY")} STRICT;
${messages("INTEGER PRIMARY KEY")} STRICT;
${notices} STRICT;
${indexes}
CREATE TABLE outbox_rebuilt (
  id INTEGER PRIMARY KEY,
  order_id INTEGER REFERENCES orders(id),
  kind TEXT NOT NULL,
  data TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  claim_id TEXT,
  claimed_at TEXT,
  last_error TEXT,
  sent_at TEXT,
  created_at TEXT NOT NULL,
  resent INTEGER NOT NULL DEFAULT 0,
  withdrawal_id INTEGER REFERENCES withdrawals(id),
  request_id TEXT,
  operator_event_id INTEGER REFERENCES operator_events(id),
  refused INTEGER NOT NULL DEFAULT 0 CHECK (refused IN (0, 1)),
  conversation_message_id INTEGER REFERENCES conversation_messages(id),
  CHECK ((order_id IS NOT NULL) + (withdrawal_id IS NOT NULL) + (operator_event_id IS NOT NULL) + (conversation_message_id IS NOT NULL) = 1),
  UNIQUE (order_id, kind),
  UNIQUE (withdrawal_id, kind),
  UNIQUE (operator_event_id, kind),
  UNIQUE (conversation_message_id, kind)
) STRICT;
INSERT INTO outbox_rebuilt (${outboxColumns}) SELECT ${outboxColumns} FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_rebuilt RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);`,
  postgres: `${tables("INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY")};
${messages("INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY")};
${notices};
${indexes}
ALTER TABLE outbox ADD COLUMN conversation_message_id INTEGER REFERENCES conversation_messages(id);
ALTER TABLE outbox DROP CONSTRAINT outbox_one_owner;
ALTER TABLE outbox ADD CONSTRAINT outbox_one_owner CHECK (num_nonnulls(order_id, withdrawal_id, operator_event_id, conversation_message_id) = 1);
ALTER TABLE outbox ADD CONSTRAINT outbox_conversation_message_kind UNIQUE (conversation_message_id, kind);`,
};
