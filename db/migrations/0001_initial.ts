import type { Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * The whole product's schema. Ids are random text (UUIDs) on both dialects, so
 * that no id can be guessed from another and no sequence differs by dialect.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const id = "text" as const;

  await db.schema
    .createTable("users")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().defaultTo("client"))
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("avatar_url", "text")
    .addColumn("phone", "text")
    .addColumn("locale", "text", (c) => c.notNull().defaultTo("en"))
    .addColumn("time_zone", "text")
    .addColumn("enabled_features", t.json, (c) => c.notNull().defaultTo(t.emptyJsonArray))
    .addColumn("email_verified_at", t.timestamp)
    .addColumn("disabled_at", t.timestamp)
    .addColumn("last_login_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("users_role_idx").on("users").column("role").execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", id, (c) => c.primaryKey()) // SHA-256 of the secret the cookie or bearer token carries
    .addColumn("user_id", id, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("cookie")) // cookie | token
    .addColumn("remember", t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("last_seen_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("user_agent", "text")
    .addColumn("ip", "text")
    .execute();
  await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();
  await db.schema.createIndex("sessions_expires_idx").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("verification_tokens")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("user_id", id, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull()) // verify_email | reset_password | change_email
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("new_email", "text")
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("used_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("verification_tokens_user_idx").on("verification_tokens").columns(["user_id", "purpose"]).execute();

  await db.schema
    .createTable("services")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("icon", "text", (c) => c.notNull().defaultTo("Briefcase"))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("active", t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn("duration_minutes", "integer", (c) => c.notNull().defaultTo(60))
    .addColumn("price_from_cents", "integer")
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable("service_translations")
    .addColumn("service_id", id, (c) => c.notNull().references("services.id").onDelete("cascade"))
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("full_description", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("service_translations_pk", ["service_id", "locale"])
    .execute();

  // Editable page content: one row per section and locale ('*' for language-neutral data such as the firm's address).
  await db.schema
    .createTable("content_sections")
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("data", t.json, (c) => c.notNull())
    .addColumn("updated_by", id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addPrimaryKeyConstraint("content_sections_pk", ["key", "locale"])
    .execute();

  await db.schema
    .createTable("faqs")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("active", t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createTable("faq_translations")
    .addColumn("faq_id", id, (c) => c.notNull().references("faqs.id").onDelete("cascade"))
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("question", "text", (c) => c.notNull())
    .addColumn("answer", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("faq_translations_pk", ["faq_id", "locale"])
    .execute();

  await db.schema
    .createTable("stored_files")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("storage_name", "text", (c) => c.notNull().unique())
    .addColumn("original_name", "text", (c) => c.notNull())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("uploaded_by", id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("record_type", "text") // service_order | report | translation | logo | avatar | task
    .addColumn("record_id", id)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("stored_files_record_idx").on("stored_files").columns(["record_type", "record_id"]).execute();

  await db.schema
    .createTable("testimonials")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("rating", "integer", (c) => c.notNull().defaultTo(5))
    .addColumn("i18n", t.json, (c) => c.notNull()) // { en: { quote, authorTitle }, ar: …, fr: … }
    .addColumn("published", t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable("logos")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("website_url", "text")
    .addColumn("file_id", id, (c) => c.references("stored_files.id").onDelete("set null"))
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("published", t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable("announcements")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("i18n", t.json, (c) => c.notNull()) // { en: { message }, ar: …, fr: … }
    .addColumn("link_url", "text")
    .addColumn("audience", "text", (c) => c.notNull().defaultTo("public")) // public | clients | staff
    .addColumn("starts_at", t.timestamp)
    .addColumn("ends_at", t.timestamp)
    .addColumn("active", t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn("created_by", id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable("contact_messages")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull().defaultTo("en"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("new")) // new | read | replied | archived
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .addColumn("user_id", id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("read_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("contact_messages_created_idx").on("contact_messages").column("created_at").execute();

  await db.schema
    .createTable("service_orders")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("client_id", id, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("service_id", id, (c) => c.notNull().references("services.id"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("details", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("assignee_id", id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("price_cents", "integer")
    .addColumn("quote_note", "text")
    .addColumn("due_date", "text") // YYYY-MM-DD
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("service_orders_client_idx").on("service_orders").columns(["client_id", "created_at"]).execute();
  await db.schema.createIndex("service_orders_status_idx").on("service_orders").columns(["status", "updated_at"]).execute();

  await db.schema
    .createTable("service_order_status_history")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("order_id", id, (c) => c.notNull().references("service_orders.id").onDelete("cascade"))
    .addColumn("from_status", "text")
    .addColumn("to_status", "text", (c) => c.notNull())
    .addColumn("changed_by", id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("note", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("order_history_order_idx").on("service_order_status_history").columns(["order_id", "created_at"]).execute();

  await db.schema
    .createTable("service_order_notes") // internal, never shown to the client
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("order_id", id, (c) => c.notNull().references("service_orders.id").onDelete("cascade"))
    .addColumn("author_id", id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("order_notes_order_idx").on("service_order_notes").column("order_id").execute();

  await db.schema
    .createTable("availability_settings") // one row, id 'default'
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("slot_minutes", "integer", (c) => c.notNull().defaultTo(30))
    .addColumn("buffer_minutes", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("min_notice_hours", "integer", (c) => c.notNull().defaultTo(24))
    .addColumn("max_days_ahead", "integer", (c) => c.notNull().defaultTo(60))
    .addColumn("weekly_hours", t.json, (c) => c.notNull()) // { "1": [{ start: "09:00", end: "17:00" }], … } ISO weekday → ranges
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable("closed_days")
    .addColumn("day", "text", (c) => c.primaryKey()) // YYYY-MM-DD in the office's time zone
    .addColumn("reason", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable("appointments")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("client_id", id, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("service_id", id, (c) => c.notNull().references("services.id"))
    .addColumn("order_id", id, (c) => c.references("service_orders.id").onDelete("set null"))
    .addColumn("starts_at", t.timestamp, (c) => c.notNull())
    .addColumn("ends_at", t.timestamp, (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("requested"))
    .addColumn("notes", "text")
    .addColumn("client_time_zone", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("appointments_client_idx").on("appointments").columns(["client_id", "starts_at"]).execute();
  await db.schema.createIndex("appointments_starts_idx").on("appointments").column("starts_at").execute();

  await db.schema.createIndex("appointments_status_starts_idx").on("appointments").columns(["status", "starts_at"]).execute();

  // An active appointment holds one row per slot unit it covers (buffer included), so
  // the database itself refuses a second booking of any of them, even at the same instant.
  await db.schema
    .createTable("appointment_slot_holds")
    .addColumn("slot_start", t.timestamp, (c) => c.primaryKey())
    .addColumn("appointment_id", id, (c) => c.notNull().references("appointments.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("appointment_slot_holds_appointment_idx").on("appointment_slot_holds").column("appointment_id").execute();

  await db.schema
    .createTable("appointment_status_history")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("appointment_id", id, (c) => c.notNull().references("appointments.id").onDelete("cascade"))
    .addColumn("from_status", "text")
    .addColumn("to_status", "text", (c) => c.notNull())
    .addColumn("changed_by", id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("note", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("appointment_history_idx").on("appointment_status_history").columns(["appointment_id", "created_at"]).execute();

  await db.schema
    .createTable("reports")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("client_id", id, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("order_id", id, (c) => c.references("service_orders.id").onDelete("set null"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body_markdown", "text", (c) => c.notNull())
    .addColumn("created_by", id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("read_at", t.timestamp)
    .addColumn("feedback_rating", "integer")
    .addColumn("feedback_comment", "text")
    .addColumn("feedback_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("reports_client_idx").on("reports").columns(["client_id", "created_at"]).execute();

  await db.schema
    .createTable("notification_broadcasts") // what staff composed and sent
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("audience", "text", (c) => c.notNull()) // user | role | everyone
    .addColumn("audience_value", "text")
    .addColumn("i18n", t.json, (c) => c.notNull()) // { en: { title, body }, ar: …, fr: … }
    .addColumn("link", "text")
    .addColumn("recipient_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_by", id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable("notifications")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("user_id", id, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("title_key", "text", (c) => c.notNull()) // i18n key, so each reader sees their own language
    .addColumn("body_key", "text")
    .addColumn("params", t.json, (c) => c.notNull().defaultTo(t.emptyJsonObject))
    .addColumn("broadcast_id", id, (c) => c.references("notification_broadcasts.id").onDelete("cascade"))
    .addColumn("link", "text")
    .addColumn("read", t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn("read_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("notifications_user_idx").on("notifications").columns(["user_id", "read", "created_at"]).execute();

  await db.schema
    .createTable("translation_settings") // one row, id 'default'
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("default_source_language", "text", (c) => c.notNull().defaultTo("en"))
    .addColumn("default_target_language", "text", (c) => c.notNull().defaultTo("ar"))
    .addColumn("auto_process", t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn("notify_on_completion", t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn("max_file_size_mb", "integer", (c) => c.notNull().defaultTo(10))
    .addColumn("allowed_file_types", t.json, (c) => c.notNull())
    .addColumn("api_enabled", t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn("api_endpoint", "text")
    .addColumn("api_key_encrypted", "text")
    .addColumn("updated_by", id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable("translation_files")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("original_file_id", id, (c) => c.notNull().references("stored_files.id"))
    .addColumn("translated_file_id", id, (c) => c.references("stored_files.id").onDelete("set null"))
    .addColumn("source_language", "text", (c) => c.notNull())
    .addColumn("target_language", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending")) // pending | processing | completed | failed
    .addColumn("notes", "text")
    .addColumn("status_notes", "text")
    .addColumn("order_id", id, (c) => c.references("service_orders.id").onDelete("set null"))
    .addColumn("uploaded_by", id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("translation_files_status_idx").on("translation_files").columns(["status", "created_at"]).execute();

  await db.schema
    .createTable("tasks")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("todo")) // todo | in_progress | done
    .addColumn("priority", "text", (c) => c.notNull().defaultTo("normal")) // low | normal | high
    .addColumn("assignee_id", id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("order_id", id, (c) => c.references("service_orders.id").onDelete("set null"))
    .addColumn("due_date", "text")
    .addColumn("created_by", id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("completed_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("tasks_status_idx").on("tasks").columns(["status", "due_date"]).execute();

  await db.schema
    .createTable("templates")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull()) // email | document | reply
    .addColumn("locale", "text", (c) => c.notNull().defaultTo("en"))
    .addColumn("subject", "text")
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_by", id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("actor_id", id, (c) => c.references("users.id").onDelete("set null"))
    .addColumn("action", "text", (c) => c.notNull()) // auth.login, auth.login_failed, user.role_changed, …
    .addColumn("target_type", "text")
    .addColumn("target_id", "text")
    .addColumn("ip", "text")
    .addColumn("meta", t.json, (c) => c.notNull().defaultTo(t.emptyJsonObject))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("audit_log_created_idx").on("audit_log").column("created_at").execute();
  await db.schema.createIndex("audit_log_action_idx").on("audit_log").columns(["action", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "audit_log",
    "templates",
    "tasks",
    "translation_files",
    "translation_settings",
    "notifications",
    "notification_broadcasts",
    "reports",
    "appointment_status_history",
    "appointment_slot_holds",
    "appointments",
    "closed_days",
    "availability_settings",
    "service_order_notes",
    "service_order_status_history",
    "service_orders",
    "contact_messages",
    "announcements",
    "logos",
    "testimonials",
    "stored_files",
    "faq_translations",
    "faqs",
    "content_sections",
    "service_translations",
    "services",
    "verification_tokens",
    "sessions",
    "users",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
