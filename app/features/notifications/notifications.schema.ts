import { z } from "zod";

/** Page size of every notification list page, and the API's default `limit`. */
export const NOTIFICATION_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/**
 * GET /api/notifications?page&limit&read, and `after`/`before` cursors from an
 * earlier answer's nextCursor/prevCursor. Out-of-range values are refused (400), not guessed.
 */
export const ListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(NOTIFICATION_PAGE_SIZE),
    read: z
      .enum(["true", "false"])
      .optional()
      .transform((value) => (value === undefined ? undefined : value === "true")),
    after: z.string().max(400).optional(),
    before: z.string().max(400).optional(),
  })
  .transform(({ limit, ...rest }) => ({ ...rest, perPage: limit }));
export type ListQuery = z.infer<typeof ListQuerySchema>;

/** The filter of the full pages: ?filter=all|unread|read&page=N. */
export const FILTERS = ["all", "unread", "read"] as const;
export type Filter = (typeof FILTERS)[number];

export function readFlagOf(filter: Filter): boolean | undefined {
  return filter === "all" ? undefined : filter === "read";
}

/** The buttons of the full pages, one form per action (all work without JavaScript). */
export const NotificationActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("markRead"), id: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("markAllRead") }),
  z.object({ intent: z.literal("delete"), id: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("deleteAll"), confirm: z.literal("yes") }),
]);

export const AUDIENCES = ["user", "role", "everyone"] as const;
export type Audience = (typeof AUDIENCES)[number];
/** "staff" is the owner and the admins together. */
export const AUDIENCE_ROLES = ["client", "admin", "owner", "staff"] as const;
export type AudienceRole = (typeof AUDIENCE_ROLES)[number];

// Each language is optional: a broadcast written in one language only is shown in it to every reader.
const title = z.string().trim().max(150, "notifications:errors.titleTooLong").optional();
const body = z.string().trim().max(2000, "notifications:errors.bodyTooLong").optional();

/** The staff composer: one user (by e-mail), a role or everyone; title and body in three languages. */
export const ComposeSchema = z
  .object({
    audience: z.enum(AUDIENCES),
    email: z.string().trim().toLowerCase().email("notifications:errors.emailInvalid").optional(),
    role: z.enum(AUDIENCE_ROLES, { errorMap: () => ({ message: "notifications:errors.roleRequired" }) }).optional(),
    titleEn: title,
    bodyEn: body,
    titleAr: title,
    bodyAr: body,
    titleFr: title,
    bodyFr: body,
    link: z
      .string()
      .trim()
      .max(500)
      .regex(/^\/(?![/\\])\S*$/, "notifications:errors.linkInvalid")
      .optional(),
    alsoEmail: z
      .union([z.literal("on"), z.literal("true"), z.boolean()])
      .optional()
      .transform((value) => value === "on" || value === "true" || value === true),
  })
  .superRefine((value, ctx) => {
    // At least one language with both a title and a body; a language begun must be finished.
    const pairs = [
      ["titleEn", "bodyEn"],
      ["titleAr", "bodyAr"],
      ["titleFr", "bodyFr"],
    ] as const;
    for (const [titleField, bodyField] of pairs) {
      if (value[titleField] && !value[bodyField]) ctx.addIssue({ code: "custom", path: [bodyField], message: "notifications:errors.bodyRequired" });
      if (value[bodyField] && !value[titleField]) ctx.addIssue({ code: "custom", path: [titleField], message: "notifications:errors.titleRequired" });
    }
    if (!pairs.some(([titleField, bodyField]) => value[titleField] && value[bodyField])) {
      ctx.addIssue({ code: "custom", path: ["titleEn"], message: "notifications:errors.titleRequired" });
      ctx.addIssue({ code: "custom", path: ["bodyEn"], message: "notifications:errors.bodyRequired" });
    }
    if (value.audience === "user" && !value.email) {
      ctx.addIssue({ code: "custom", path: ["email"], message: "notifications:errors.emailInvalid" });
    }
    if (value.audience === "role" && !value.role) {
      ctx.addIssue({ code: "custom", path: ["role"], message: "notifications:errors.roleRequired" });
    }
  });
export type ComposeInput = z.infer<typeof ComposeSchema>;

export const BroadcastPageSchema = z.object({ sentPage: z.coerce.number().int().min(1).max(100_000).catch(1) });

/**
 * What the socket pushes (`notification:new`): the notification written on the server in
 * the recipient's language and zone (`title`, `body`), with its keys and parameters.
 */
export type NotificationEventPayload = {
  title: string;
  body: string | null;
  _id: string;
  id: string;
  type: string;
  titleKey: string;
  bodyKey: string | null;
  params: Record<string, string | number>;
  link: string | null;
  read: boolean;
  createdAt: string;
};

/** One notification as the API and the pages show it: translated, with its keys. */
export type NotificationView = NotificationEventPayload & {
  readAt: string | null;
};

/** One row of the staff's "sent notifications" list. */
export type BroadcastView = {
  id: string;
  audience: string;
  audienceValue: string | null;
  title: string;
  link: string | null;
  recipientCount: number;
  sentBy: string | null;
  createdAt: string;
};
