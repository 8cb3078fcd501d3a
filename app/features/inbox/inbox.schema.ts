import { z } from "zod";

/** The hidden field of the contact form: people never see it, bots tend to fill it. */
export const HONEYPOT_FIELD = "website";

const text = (max: number) => z.string().trim().max(max, "public:contact.errors.tooLong").optional();

const EMAIL = z.string().email();

const REQUIRED = ["name", "email", "subject", "message"] as const;

/**
 * The contact form (name or company, e-mail, subject, message): every field required,
 * with one form-level message 'Please fill in all fields' when any is missing,
 * and the e-mail address checked (checks inside one transform, so an empty
 * form and a bad address are reported together).
 */
export const ContactSchema = z
  .object({
    name: text(200),
    email: text(254),
    subject: text(200),
    message: text(5000),
  })
  .transform((value, ctx) => {
    const missing = REQUIRED.filter((field) => !value[field]);
    if (missing.length > 0) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [], message: "public:contact.errors.required" });
      for (const field of missing) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message: "public:contact.errors.fieldRequired" });
    }
    const badEmail = Boolean(value.email) && !EMAIL.safeParse(value.email).success;
    if (badEmail) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["email"], message: "public:contact.errors.email" });
    }
    const { name, email, subject, message } = value;
    if (!name || !email || !subject || !message || badEmail) return z.NEVER;
    return { name, email, subject, message };
  });

export type ContactInput = z.output<typeof ContactSchema>;

/** The buttons of a message's page: mark read (posted when the message is opened), archive, spam, bring back. */
export const InboxActionSchema = z.object({ intent: z.enum(["markRead", "archive", "unarchive", "spam", "restore"]) });

/** A reply written in the inbox, sent by e-mail to the sender. */
export const InboxReplySchema = z.object({
  body: z.string({ required_error: "inbox:errors.replyRequired" }).trim().min(1, "inbox:errors.replyRequired").max(10000, "inbox:errors.replyTooLong"),
});

/** Whom a message is assigned to (empty: nobody). */
export const InboxAssignSchema = z.object({ assigneeId: z.string().trim().max(100).optional() });
