import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * The database as TypeScript sees it, in camelCase (CamelCasePlugin maps to the
 * snake_case columns of db/migrations). Timestamps are ISO-8601 strings on both
 * dialects; booleans are booleans; JSON columns are parsed values.
 */
type Timestamp = ColumnType<string, string | undefined, string>;
type NullableTimestamp = ColumnType<string | null, string | null | undefined, string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;
type Flag = ColumnType<boolean, boolean | undefined, boolean>;

export type Locale = "en" | "ar" | "fr";
export type LocalizedMap<T> = Partial<Record<Locale, T>>;

export interface UsersTable {
  id: string;
  email: string;
  passwordHash: string;
  role: Generated<string>;
  fullName: string;
  avatarUrl: string | null;
  phone: string | null;
  /** Free lines, a US or a foreign address (0022). */
  postalAddress: string | null;
  locale: Generated<string>;
  timeZone: string | null;
  enabledFeatures: Json<string[]>;
  emailVerifiedAt: NullableTimestamp;
  disabledAt: NullableTimestamp;
  lastLoginAt: NullableTimestamp;
  /** Set when a deleted client's row was kept, anonymised, for records the firm must keep (0008). */
  anonymisedAt: NullableTimestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SessionsTable {
  id: string;
  userId: string;
  kind: Generated<string>;
  remember: Flag;
  expiresAt: string;
  createdAt: Timestamp;
  lastSeenAt: Timestamp;
  userAgent: string | null;
  ip: string | null;
}

/** Two-factor sign-in of a user who has it on (features/auth/two-factor.server.ts). */
export interface TwoFactorCredentialsTable {
  userId: string;
  /** The base32 TOTP secret, encrypted (lib/secrets.server.ts). */
  secret: string;
  /** The time step of the last accepted code: a code works once. */
  lastUsedStep: number | null;
  enabledAt: Timestamp;
}

export interface TwoFactorRecoveryCodesTable {
  id: string;
  userId: string;
  codeHash: string;
  usedAt: NullableTimestamp;
}

export interface VerificationTokensTable {
  id: string;
  userId: string;
  purpose: string;
  tokenHash: string;
  newEmail: string | null;
  expiresAt: string;
  usedAt: NullableTimestamp;
  createdAt: Timestamp;
}

export interface ServicesTable {
  id: string;
  key: string;
  icon: Generated<string>;
  sortOrder: Generated<number>;
  active: Flag;
  durationMinutes: Generated<number>;
  priceFromCents: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ServiceTranslationsTable {
  serviceId: string;
  locale: string;
  title: string;
  description: string;
  fullDescription: string;
}

export interface ContentSectionsTable {
  key: string;
  locale: string;
  data: Json<Record<string, unknown>>;
  updatedBy: string | null;
  updatedAt: Timestamp;
}

export interface ContentSectionVersionsTable {
  id: string;
  sectionKey: string;
  locale: string;
  data: Json<Record<string, unknown>>;
  createdBy: string | null;
  createdAt: Timestamp;
}

export interface FaqsTable {
  id: string;
  sortOrder: Generated<number>;
  active: Flag;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface FaqTranslationsTable {
  faqId: string;
  locale: string;
  question: string;
  answer: string;
}

export interface StoredFilesTable {
  id: string;
  storageName: string;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
  sha256: string;
  uploadedBy: string | null;
  recordType: string | null;
  recordId: string | null;
  createdAt: Timestamp;
}

export interface TestimonialsTable {
  id: string;
  authorName: string;
  rating: Generated<number>;
  i18n: Json<LocalizedMap<{ quote: string; authorTitle: string }>>;
  published: Flag;
  sortOrder: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  language: Generated<string>;
  consentRecordedAt: NullableTimestamp;
  consentRecordedBy: string | null;
  photoFileId: string | null;
  photoWidth: number | null;
  photoHeight: number | null;
}

export interface LogosTable {
  id: string;
  name: string;
  websiteUrl: string | null;
  fileId: string | null;
  width: number | null;
  height: number | null;
  published: Flag;
  sortOrder: Generated<number>;
  createdAt: Timestamp;
}

export interface AnnouncementsTable {
  id: string;
  i18n: Json<LocalizedMap<{ message: string }>>;
  linkUrl: string | null;
  audience: Generated<string>;
  startsAt: NullableTimestamp;
  endsAt: NullableTimestamp;
  active: Flag;
  createdBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  level: Generated<string>;
  dismissible: Flag;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  locale: Generated<string>;
  status: Generated<string>;
  ip: string | null;
  userAgent: string | null;
  userId: string | null;
  readAt: NullableTimestamp;
  createdAt: Timestamp;
  assigneeId: Generated<string | null>;
  repliedAt: NullableTimestamp;
  previousStatus: Generated<string | null>;
}

export interface ServiceOrdersTable {
  id: string;
  reference: string;
  clientId: string;
  serviceId: string;
  status: Generated<string>;
  details: Generated<string>;
  assigneeId: string | null;
  priceCents: number | null;
  quoteNote: string | null;
  dueDate: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface StatusHistoryColumns {
  id: string;
  fromStatus: string | null;
  toStatus: string;
  changedBy: string | null;
  note: string | null;
  createdAt: Timestamp;
}

export interface ServiceOrderStatusHistoryTable extends StatusHistoryColumns {
  orderId: string;
}

export interface ServiceOrderNotesTable {
  id: string;
  orderId: string;
  authorId: string | null;
  body: string;
  createdAt: Timestamp;
}

export type WeeklyHours = Record<string, Array<{ start: string; end: string }>>;

export interface AvailabilitySettingsTable {
  id: string;
  timeZone: string;
  slotMinutes: Generated<number>;
  bufferMinutes: Generated<number>;
  minNoticeHours: Generated<number>;
  maxDaysAhead: Generated<number>;
  weeklyHours: Json<WeeklyHours>;
  updatedAt: Timestamp;
}

export interface ClosedDaysTable {
  day: string;
  reason: string | null;
  createdAt: Timestamp;
}

export interface AppointmentsTable {
  id: string;
  reference: string;
  clientId: string;
  serviceId: string;
  orderId: string | null;
  startsAt: string;
  endsAt: string;
  status: Generated<string>;
  notes: string | null;
  clientTimeZone: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AppointmentSlotHoldsTable {
  slotStart: string;
  appointmentId: string;
}

export interface AppointmentStatusHistoryTable extends StatusHistoryColumns {
  appointmentId: string;
}

export interface ReportsTable {
  id: string;
  clientId: string;
  orderId: string | null;
  title: string;
  bodyMarkdown: string;
  createdBy: string | null;
  readAt: NullableTimestamp;
  feedbackRating: number | null;
  feedbackComment: string | null;
  feedbackAt: NullableTimestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface NotificationBroadcastsTable {
  id: string;
  audience: string;
  audienceValue: string | null;
  i18n: Json<LocalizedMap<{ title: string; body: string }>>;
  link: string | null;
  recipientCount: Generated<number>;
  createdBy: string | null;
  createdAt: Timestamp;
}

export interface NotificationsTable {
  id: string;
  userId: string;
  type: string;
  titleKey: string;
  bodyKey: string | null;
  params: Json<Record<string, string | number>>;
  broadcastId: string | null;
  link: string | null;
  read: Flag;
  readAt: NullableTimestamp;
  createdAt: Timestamp;
}

/** One user's unread notifications, kept in the transactions that change them (never counted). */
export interface NotificationCountersTable {
  userId: string;
  unread: number;
}

export interface TranslationSettingsTable {
  id: string;
  defaultSourceLanguage: Generated<string>;
  defaultTargetLanguage: Generated<string>;
  autoProcess: Flag;
  notifyOnCompletion: Flag;
  maxFileSizeMb: Generated<number>;
  allowedFileTypes: Json<string[]>;
  apiEnabled: Flag;
  apiEndpoint: string | null;
  apiKeyEncrypted: string | null;
  updatedBy: string | null;
  updatedAt: Timestamp;
}

export interface TranslationFilesTable {
  id: string;
  originalFileId: string;
  translatedFileId: string | null;
  sourceLanguage: string;
  targetLanguage: string;
  status: Generated<string>;
  notes: string | null;
  statusNotes: string | null;
  orderId: string | null;
  uploadedBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** 0009: the desk's own columns. */
  clientId: string | null;
  assigneeId: string | null;
  dueDate: string | null;
  originalName: Generated<string>;
  originalSize: Generated<number>;
  originalType: Generated<string>;
  wordCount: number | null;
  completedAt: NullableTimestamp;
  /** The current translated version is auto-process's machine draft (migration 0014). */
  machineDraft: Generated<boolean>;
  /** The order document it was sent from, one desk file per document (migration 0023). */
  sourceDocumentId: string | null;
}

export interface TranslationFileVersionsTable {
  id: string;
  fileId: string;
  version: number;
  storedFileId: string;
  uploadedBy: string | null;
  createdAt: Timestamp;
}

export interface TranslationFileStatusHistoryTable {
  id: string;
  fileId: string;
  fromStatus: string | null;
  toStatus: string;
  note: string | null;
  changedBy: string | null;
  createdAt: Timestamp;
}

/** Certificates of translation accuracy (app/features/certificates; migration 0010). */
export interface TranslationCertificatesTable {
  id: string;
  certificateNo: string;
  translationFileId: string;
  clientId: string | null;
  documentTitle: string;
  sourceLanguage: string;
  targetLanguage: string;
  pageCount: number;
  translatorName: string;
  sourceSha256: string;
  translatedSha256: string;
  issuedBy: string | null;
  issuedAt: Timestamp;
}

/** Machine-translation glossary terms (db/migrations/0011_glossary.ts). */
export interface TranslationGlossaryTable {
  id: string;
  sourceLanguage: string;
  targetLanguage: string;
  sourceTerm: string;
  targetTerm: string;
  note: string | null;
  createdBy: string | null;
  createdAt: Timestamp;
}

export interface TasksTable {
  id: string;
  title: string;
  description: string | null;
  status: Generated<string>;
  priority: Generated<string>;
  assigneeId: string | null;
  orderId: string | null;
  dueDate: string | null;
  createdBy: string | null;
  completedAt: NullableTimestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  clientId: string | null;
  appointmentId: string | null;
  translationFileId: string | null;
  recurrence: string | null;
  previousTaskId: string | null;
  remindedOn: string | null;
}

export interface TaskCommentsTable {
  id: string;
  taskId: string;
  authorId: string | null;
  body: string;
  createdAt: Timestamp;
}

export interface TemplatesTable {
  id: string;
  name: string;
  kind: string;
  locale: Generated<string>;
  subject: string | null;
  body: string;
  createdBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  heading: Generated<string | null>;
  action: Generated<string | null>;
  note: Generated<string | null>;
  updatedBy: Generated<string | null>;
}

export interface ContactMessageRepliesTable {
  id: string;
  messageId: string;
  authorId: string | null;
  authorName: string;
  locale: string;
  subject: string;
  body: string;
  delivery: string;
  deliveryError: string | null;
  createdAt: Timestamp;
}

export interface AuditLogTable {
  id: string;
  actorId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  meta: Json<Record<string, unknown>>;
  /** "success", "failure" or "denied" (0008). */
  outcome: Generated<string>;
  createdAt: Timestamp;
}

export interface JobsTable {
  id: string;
  name: string;
  payload: Json<Record<string, unknown>>;
  status: Generated<string>;
  runAt: Timestamp;
  attempts: Generated<number>;
  maxAttempts: Generated<number>;
  lockedBy: string | null;
  lockedUntil: NullableTimestamp;
  lastError: string | null;
  uniqueKey: string | null;
  /** The X-Request-Id of the request that enqueued it (migration 0027): its log lines carry it as `reqId`. */
  requestId: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  finishedAt: NullableTimestamp;
}

/** A rate limit's or a back-off's count when there is no Redis (migration 0028); times in epoch milliseconds. */
export interface RateLimitsTable {
  key: string;
  points: number;
  waitUntil: Generated<number>;
  expiresAt: number;
}

/** An interface string overridden at run time (/dashboard/languages, migration 0016). */
export interface TranslationOverridesTable {
  language: string;
  namespace: string;
  key: string;
  value: string;
  updatedBy: string | null;
  updatedAt: Generated<string>;
}

/** One row (id 1): the overrides' version, raised by every change (migration 0016). */
export interface TranslationOverrideStateTable {
  id: number;
  version: number;
}

/** Quotes, invoices and payments (0015, docs/decisions/016): integer cents, USD. */
export interface QuotesTable {
  id: string;
  reference: string;
  orderId: string;
  clientId: string;
  status: Generated<string>;
  currency: Generated<string>;
  subtotalCents: Generated<number>;
  discountCents: Generated<number>;
  taxCents: Generated<number>;
  totalCents: Generated<number>;
  validUntil: string | null;
  note: string | null;
  sentAt: NullableTimestamp;
  decidedAt: NullableTimestamp;
  declineReason: string | null;
  createdBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface InvoicesTable {
  id: string;
  number: string | null;
  year: number | null;
  sequence: number | null;
  orderId: string | null;
  quoteId: string | null;
  clientId: string | null;
  billToName: string;
  billToEmail: string;
  status: Generated<string>;
  currency: Generated<string>;
  subtotalCents: Generated<number>;
  discountCents: Generated<number>;
  taxCents: Generated<number>;
  totalCents: Generated<number>;
  dueDate: string | null;
  note: string | null;
  issuedAt: NullableTimestamp;
  paidAt: NullableTimestamp;
  voidedAt: NullableTimestamp;
  voidReason: string | null;
  createdBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface InvoiceCountersTable {
  year: number;
  lastNumber: number;
}

export interface BillingLinesTable {
  id: string;
  quoteId: string | null;
  invoiceId: string | null;
  position: number;
  kind: string;
  description: string;
  quantity: Generated<number>;
  unitCents: number;
  amountCents: number;
}

export interface PaymentsTable {
  id: string;
  invoiceId: string;
  clientId: string | null;
  kind: string;
  amountCents: number;
  method: string;
  provider: Generated<string>;
  reference: string | null;
  externalId: string | null;
  note: string | null;
  recordedBy: string | null;
  receivedAt: string;
  createdAt: Timestamp;
}

export interface InvoiceEventsTable {
  id: string;
  invoiceId: string;
  type: string;
  actorId: string | null;
  amountCents: number | null;
  meta: Json<Record<string, unknown>>;
  createdAt: Timestamp;
}

export interface CheckoutSessionsTable {
  id: string;
  invoiceId: string;
  clientId: string | null;
  amountCents: number;
  status: Generated<string>;
  paymentIntent: string | null;
  url: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface StripeEventsTable {
  id: string;
  type: string;
  receivedAt: Timestamp;
}

/** The reminder schedule of a request list (migration 0024): days relative to the due date, then every `overdueEvery` days while overdue, at most `max` in all. */
export type ReminderSchedule = { before: number[]; overdueEvery: number; max: number };

/** One item of a request template (the same fields an item is created with). */
export type RequestItemDefinition = {
  kind: string;
  answerType?: string | null;
  choices?: string[] | null;
  label: string;
  hint?: string | null;
  required: boolean;
};

export interface RequestListsTable {
  id: string;
  clientId: string;
  serviceOrderId: string | null;
  title: string;
  message: Generated<string>;
  dueDate: string;
  status: Generated<string>;
  remindersEnabled: Flag;
  reminderOffsets: Json<ReminderSchedule>;
  remindersSent: Generated<number>;
  lastReminderAt: NullableTimestamp;
  createdBy: string | null;
  assigneeId: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  submittedAt: NullableTimestamp;
  completedAt: NullableTimestamp;
  cancelledAt: NullableTimestamp;
  cancelReason: string | null;
}

export interface RequestItemsTable {
  id: string;
  listId: string;
  position: number;
  kind: string;
  answerType: string | null;
  choices: ColumnType<string[] | null, string | null | undefined, string | null>;
  label: string;
  hint: string | null;
  required: Flag;
  state: Generated<string>;
  answer: string | null;
  notApplicableReason: string | null;
  staffNote: string | null;
  updatedAt: Timestamp;
}

export interface RequestItemFilesTable {
  id: string;
  itemId: string;
  fileId: string;
  createdAt: Timestamp;
}

export interface RequestTemplatesTable {
  id: string;
  serviceKey: string | null;
  locale: string;
  title: string;
  message: Generated<string>;
  itemDefinitions: Json<RequestItemDefinition[]>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface RequestRemindersTable {
  id: string;
  listId: string;
  sentAt: Timestamp;
  number: number;
  missingCount: number;
}

export interface RequestLinksTable {
  id: string;
  listId: string;
  userId: string;
  tokenHash: string;
  expiresAt: string;
  revokedAt: NullableTimestamp;
  createdAt: Timestamp;
  lastUsedAt: NullableTimestamp;
}

/** A conversation between one client and the firm (migration 0025): the client's general thread (orderId null) or one order's. */
export interface MessageThreadsTable {
  id: string;
  clientId: string;
  orderId: string | null;
  subject: string | null;
  state: Generated<string>;
  assigneeId: string | null;
  lastMessageAt: Timestamp;
  lastPublicMessageAt: NullableTimestamp;
  lastPublicSender: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface MessagesTable {
  id: string;
  threadId: string;
  authorId: string | null;
  body: Generated<string>;
  internal: Flag;
  createdAt: Timestamp;
  editedAt: NullableTimestamp;
  removedAt: NullableTimestamp;
  removedBy: string | null;
}

export interface MessageReadsTable {
  threadId: string;
  userId: string;
  lastReadAt: string;
}

export interface SavedRepliesTable {
  id: string;
  locale: string;
  title: string;
  body: string;
  createdBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A run of the document extractor (migration 0026); its upload and its text are stored files. */
export interface ExtractionRunsTable {
  id: string;
  ownerId: string;
  status: Generated<string>;
  pagesDone: Generated<number>;
  pagesTotal: Generated<number>;
  page: number | null;
  method: string | null;
  languages: Json<string[]>;
  fileName: string;
  kind: string | null;
  ocrPages: number | null;
  language: string | null;
  inputFileId: string | null;
  textFileId: string | null;
  errorKey: string | null;
  errorParams: ColumnType<Record<string, string | number> | null, string | null | undefined, string | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  finishedAt: NullableTimestamp;
  expiresAt: NullableTimestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  verificationTokens: VerificationTokensTable;
  twoFactorCredentials: TwoFactorCredentialsTable;
  twoFactorRecoveryCodes: TwoFactorRecoveryCodesTable;
  services: ServicesTable;
  serviceTranslations: ServiceTranslationsTable;
  contentSections: ContentSectionsTable;
  contentSectionVersions: ContentSectionVersionsTable;
  faqs: FaqsTable;
  faqTranslations: FaqTranslationsTable;
  storedFiles: StoredFilesTable;
  testimonials: TestimonialsTable;
  logos: LogosTable;
  announcements: AnnouncementsTable;
  contactMessages: ContactMessagesTable;
  serviceOrders: ServiceOrdersTable;
  serviceOrderStatusHistory: ServiceOrderStatusHistoryTable;
  serviceOrderNotes: ServiceOrderNotesTable;
  availabilitySettings: AvailabilitySettingsTable;
  closedDays: ClosedDaysTable;
  appointments: AppointmentsTable;
  appointmentSlotHolds: AppointmentSlotHoldsTable;
  appointmentStatusHistory: AppointmentStatusHistoryTable;
  reports: ReportsTable;
  notificationBroadcasts: NotificationBroadcastsTable;
  notifications: NotificationsTable;
  notificationCounters: NotificationCountersTable;
  translationSettings: TranslationSettingsTable;
  translationFiles: TranslationFilesTable;
  translationCertificates: TranslationCertificatesTable;
  translationGlossary: TranslationGlossaryTable;
  translationFileVersions: TranslationFileVersionsTable;
  translationFileStatusHistory: TranslationFileStatusHistoryTable;
  tasks: TasksTable;
  taskComments: TaskCommentsTable;
  templates: TemplatesTable;
  contactMessageReplies: ContactMessageRepliesTable;
  auditLog: AuditLogTable;
  jobs: JobsTable;
  rateLimits: RateLimitsTable;
  translationOverrides: TranslationOverridesTable;
  translationOverrideState: TranslationOverrideStateTable;
  quotes: QuotesTable;
  invoices: InvoicesTable;
  invoiceCounters: InvoiceCountersTable;
  billingLines: BillingLinesTable;
  payments: PaymentsTable;
  invoiceEvents: InvoiceEventsTable;
  checkoutSessions: CheckoutSessionsTable;
  stripeEvents: StripeEventsTable;
  requestLists: RequestListsTable;
  requestItems: RequestItemsTable;
  requestItemFiles: RequestItemFilesTable;
  requestTemplates: RequestTemplatesTable;
  requestReminders: RequestRemindersTable;
  requestLinks: RequestLinksTable;
  messageThreads: MessageThreadsTable;
  messages: MessagesTable;
  messageReads: MessageReadsTable;
  savedReplies: SavedRepliesTable;
  extractionRuns: ExtractionRunsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

/**
 * Columns whose SQLite storage differs from the value the app sees. The
 * connection converts them on the way out (names in camelCase, as results arrive).
 */
export const BOOLEAN_COLUMNS = new Set([
  "remember",
  "active",
  "published",
  "read",
  "autoProcess",
  "notifyOnCompletion",
  "apiEnabled",
  "machineDraft",
  "dismissible",
  "remindersEnabled",
  "required",
  "internal",
]);
export const JSON_COLUMNS = new Set([
  "enabledFeatures",
  "data",
  "i18n",
  "weeklyHours",
  "params",
  "allowedFileTypes",
  "meta",
  "payload",
  "reminderOffsets",
  "choices",
  "itemDefinitions",
  "languages",
  "errorParams",
]);
