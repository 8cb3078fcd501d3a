/**
 * Every action the audit trail records, by family (the part before the dot), and every kind of
 * record an entry points at. `audit()` accepts only these (AuditAction, AuditRecordType); the
 * audit-log page offers each as a filter and labels it in every language (audit.json
 * `families.<family>`, `actions.<family>.<name>` and `records.<type>`: audit-actions.test.ts
 * checks that none is missing).
 */
export const AUDIT_ACTION_NAMES = {
  auth: [
    "login",
    "login_failed",
    "login_blocked",
    "login_refused_disabled",
    "logout",
    "registered",
    "register_existing",
    "password_reset_requested",
    "password_reset",
    "password_changed",
    "email_change_requested",
    "email_changed",
    "email_verified",
    "verification_requested",
    "two_factor_challenged",
    "two_factor_enabled",
    "two_factor_failed",
    "two_factor_disabled",
    "two_factor_reset",
    "recovery_code_used",
    "session_revoked",
    "sessions_revoked_others",
  ],
  user: ["created", "create_denied", "invited", "role_changed", "features_changed", "renamed", "disabled", "enabled", "deleted", "change_denied"],
  client: ["exported", "deleted"],
  file: ["downloaded", "download_denied"],
  order: ["status_changed", "sent_to_desk"],
  appointment: ["status_changed"],
  quote: ["created", "sent", "accepted", "declined"],
  invoice: ["created", "issued", "voided", "payment_recorded", "refund_recorded"],
  translation: ["uploaded", "translated_uploaded", "status_changed", "downloaded", "deleted", "certified", "settings_changed"],
  certificate: ["downloaded"],
  machine_translation: ["translate", "glossary_added", "glossary_deleted"],
  inbox: ["replied", "reply_failed", "assigned", "archive", "spam", "restore"],
  template: ["updated", "reset", "test_sent"],
  service: ["created", "updated", "deleted", "deactivated", "moved", "shown", "hidden"],
  content: ["section_saved", "section_restored"],
  faq: ["created", "updated", "moved", "shown", "hidden"],
  testimonial: ["created", "updated", "moved", "consent_recorded"],
  logo: ["created", "updated", "moved"],
  announcement: ["created", "updated", "ended"],
  translation_override: ["saved", "reset"],
  settings: ["availability_changed", "closed_day_added", "closed_day_removed"],
  request: [
    "created",
    "submitted",
    "item_accepted",
    "item_returned",
    "completed",
    "cancelled",
    "template_saved",
    "template_deleted",
    "link_sent",
    "link_opened",
    "link_refused",
  ],
  message: ["removed", "thread_assigned", "thread_closed", "thread_reopened", "moved_from_inbox"],
} as const;

type ActionNames = typeof AUDIT_ACTION_NAMES;
export type AuditFamily = keyof ActionNames;
export type AuditAction = { [Family in AuditFamily]: `${Family}.${ActionNames[Family][number]}` }[AuditFamily];

export const AUDIT_FAMILY_NAMES = Object.keys(AUDIT_ACTION_NAMES) as AuditFamily[];

/** Every action, family by family ("auth.login", …). */
export const AUDIT_ACTIONS: readonly AuditAction[] = AUDIT_FAMILY_NAMES.flatMap((family) =>
  AUDIT_ACTION_NAMES[family].map((name) => `${family}.${name}` as AuditAction),
);

export const AUDIT_RECORD_TYPES = [
  "user",
  "service_order",
  "appointment",
  "file",
  "quote",
  "invoice",
  "translation_file",
  "translation_certificate",
  "translation_glossary",
  "translation_settings",
  "contact_message",
  "template",
  "service",
  "content_section",
  "faq",
  "testimonial",
  "logo",
  "announcement",
  "string",
  "settings",
  "request_list",
  "request_template",
  "message_thread",
  "message",
] as const;

export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];
