import { type Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * Quotes, invoices and payments (docs/decisions/016). Money is integer cents (USD) everywhere.
 *
 * - `billing_lines` holds the lines of a quote or of an invoice (one of the two ids): items
 *   (quantity × unit), a discount (a negative amount) or a tax (a positive amount).
 * - `invoices.number` ("2026-0001") is given when a draft is issued, from `invoice_counters`
 *   (one row per year) bumped in the same transaction: a rolled-back issue gives its number
 *   back, so numbers have no gaps, and the unique (year, sequence) refuses a duplicate.
 *   The bill-to name and e-mail are kept on the invoice (a deleted client's invoices stay).
 * - `payments` are payments and refunds (positive amounts, `kind` says which); an invoice's
 *   balance is always its total minus payments plus refunds, never stored. `external_id`
 *   (a Stripe PaymentIntent, session or refund id) is unique: a webhook and the success
 *   page's server read record one payment once.
 * - `invoice_events` is an invoice's history; `stripe_events` the webhook events already
 *   handled (primary key = the event id: a second delivery does nothing);
 *   `checkout_sessions` the Checkout Sessions made for invoices, with their last known state.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable("quotes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("order_id", "text", (c) => c.notNull().references("service_orders.id").onDelete("cascade"))
    .addColumn("client_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft")) // draft | sent | accepted | declined
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("USD"))
    .addColumn("subtotal_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("discount_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("tax_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("valid_until", "text") // YYYY-MM-DD, the office's day
    .addColumn("note", "text")
    .addColumn("sent_at", t.timestamp)
    .addColumn("decided_at", t.timestamp)
    .addColumn("decline_reason", "text")
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("quotes_order_idx").on("quotes").columns(["order_id", "created_at", "id"]).execute();
  await db.schema.createIndex("quotes_client_idx").on("quotes").columns(["client_id", "created_at", "id"]).execute();

  await db.schema
    .createTable("invoices")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("number", "text", (c) => c.unique())
    .addColumn("year", "integer")
    .addColumn("sequence", "integer")
    .addColumn("order_id", "text", (c) => c.references("service_orders.id").onDelete("set null"))
    .addColumn("quote_id", "text", (c) => c.unique().references("quotes.id").onDelete("set null"))
    .addColumn("client_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("bill_to_name", "text", (c) => c.notNull())
    .addColumn("bill_to_email", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft")) // draft | open | paid | void
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("USD"))
    .addColumn("subtotal_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("discount_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("tax_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("due_date", "text")
    .addColumn("note", "text")
    .addColumn("issued_at", t.timestamp)
    .addColumn("paid_at", t.timestamp)
    .addColumn("voided_at", t.timestamp)
    .addColumn("void_reason", "text")
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("invoices_year_sequence_idx").unique().on("invoices").columns(["year", "sequence"]).execute();
  await db.schema.createIndex("invoices_created_idx").on("invoices").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("invoices_status_created_idx").on("invoices").columns(["status", "created_at", "id"]).execute();
  await db.schema.createIndex("invoices_client_created_idx").on("invoices").columns(["client_id", "created_at", "id"]).execute();
  await db.schema.createIndex("invoices_order_idx").on("invoices").columns(["order_id", "created_at", "id"]).execute();

  await db.schema
    .createTable("invoice_counters")
    .addColumn("year", "integer", (c) => c.primaryKey())
    .addColumn("last_number", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("billing_lines")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("quote_id", "text", (c) => c.references("quotes.id").onDelete("cascade"))
    .addColumn("invoice_id", "text", (c) => c.references("invoices.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull()) // item | discount | tax
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("unit_cents", "integer", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("billing_lines_quote_idx").on("billing_lines").columns(["quote_id", "position"]).execute();
  await db.schema.createIndex("billing_lines_invoice_idx").on("billing_lines").columns(["invoice_id", "position"]).execute();

  await db.schema
    .createTable("payments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("invoice_id", "text", (c) => c.notNull().references("invoices.id"))
    .addColumn("client_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("kind", "text", (c) => c.notNull()) // payment | refund
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull()) // cash | check | zelle | card_terminal | other | stripe
    .addColumn("provider", "text", (c) => c.notNull().defaultTo("manual")) // manual | stripe
    .addColumn("reference", "text")
    .addColumn("external_id", "text", (c) => c.unique())
    .addColumn("note", "text")
    .addColumn("recorded_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("received_at", t.timestamp, (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("payments_invoice_idx").on("payments").columns(["invoice_id", "received_at", "id"]).execute();
  await db.schema.createIndex("payments_received_idx").on("payments").columns(["received_at", "id"]).execute();
  await db.schema.createIndex("payments_client_idx").on("payments").columns(["client_id", "received_at", "id"]).execute();
  await db.schema.createIndex("payments_kind_idx").on("payments").columns(["kind", "received_at", "id"]).execute();
  await db.schema.createIndex("payments_method_idx").on("payments").columns(["method", "received_at", "id"]).execute();

  await db.schema
    .createTable("invoice_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("invoice_id", "text", (c) => c.notNull().references("invoices.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("actor_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("amount_cents", "integer")
    .addColumn("meta", t.json, (c) => c.notNull().defaultTo(t.emptyJsonObject))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("invoice_events_invoice_idx").on("invoice_events").columns(["invoice_id", "created_at", "id"]).execute();

  await db.schema
    .createTable("checkout_sessions")
    .addColumn("id", "text", (c) => c.primaryKey()) // the Stripe session id
    .addColumn("invoice_id", "text", (c) => c.notNull().references("invoices.id").onDelete("cascade"))
    .addColumn("client_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open")) // open | processing | paid | failed | expired
    .addColumn("payment_intent", "text")
    .addColumn("url", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("checkout_sessions_invoice_idx").on("checkout_sessions").columns(["invoice_id", "created_at"]).execute();
  await db.schema.createIndex("checkout_sessions_intent_idx").on("checkout_sessions").column("payment_intent").execute();

  await db.schema
    .createTable("stripe_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("received_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["stripe_events", "checkout_sessions", "invoice_events", "payments", "billing_lines", "invoice_counters", "invoices", "quotes"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
