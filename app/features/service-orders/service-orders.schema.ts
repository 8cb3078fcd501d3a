import { z } from "zod";
import { dayFilter } from "~/lib/day-range";
import { parseListQuery as parsePageQuery } from "~/lib/pagination";
import { ORDER_STATUSES } from "./status";

/** Forms and API bodies of the service-order area; messages are i18n keys. */
const details = z
  .string({ required_error: "orders:errors.detailsRequired" })
  .trim()
  .min(10, "orders:errors.detailsTooShort")
  .max(5000, "orders:errors.detailsTooLong");

const note = z.string().trim().max(1000, "orders:errors.noteTooLong").optional();

/** The highest price staff may set: $1,000,000 (in cents). A typo of a few extra digits is refused. */
export const MAX_PRICE_CENTS = 100_000_000;

/** /client/service-orders/new (the documents travel beside it, checked by the storage module). */
export const OrderCreateFormSchema = z.object({
  service: z.string({ required_error: "orders:errors.serviceRequired" }).trim().min(1, "orders:errors.serviceRequired"),
  details,
});

/** POST /api/service-orders: staff may order on behalf of a client. */
export const OrderCreateApiSchema = z.object({
  serviceId: z.string().trim().min(1, "orders:errors.serviceRequired"),
  details,
  clientId: z.string().trim().min(1).optional(),
});
export type OrderCreateInput = { service: string; details: string; clientId?: string };

/** Money typed by staff: "120", "120.5", "1,200.00", at most MAX_PRICE_CENTS. */
const price = z
  .string()
  .trim()
  .regex(/^\d{1,3}(,?\d{3})*(\.\d{1,2})?$/, "orders:errors.priceInvalid")
  .transform((value) => Math.round(Number(value.replace(/,/g, "")) * 100))
  .refine((cents) => cents <= MAX_PRICE_CENTS, "orders:errors.priceTooHigh")
  .optional();

const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "orders:errors.dueDateInvalid")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "orders:errors.dueDateInvalid");

/** /dashboard/service-orders/{id}: price or quote, due date, assignee. */
export const OrderStaffFormSchema = z.object({
  intent: z.literal("update"),
  price,
  quoteNote: z.string().trim().max(2000, "orders:errors.quoteTooLong").optional(),
  dueDate: isoDay.optional(),
  assigneeId: z.string().trim().optional(),
});

export const OrderStatusFormSchema = z.object({
  intent: z.literal("status"),
  status: z.enum(ORDER_STATUSES, { errorMap: () => ({ message: "orders:errors.statusInvalid" }) }),
  note,
});

export const OrderNoteFormSchema = z.object({
  intent: z.literal("note"),
  body: z.string({ required_error: "orders:errors.noteRequired" }).trim().min(1, "orders:errors.noteRequired").max(5000, "orders:errors.noteTooLong"),
});

export const OrderCancelFormSchema = z.object({ intent: z.literal("cancel"), note });

/** PATCH /api/service-orders/{id}. */
export const OrderPatchApiSchema = z
  .object({
    details: details.optional(),
    priceCents: z.number().int().min(0).max(MAX_PRICE_CENTS, "orders:errors.priceTooHigh").nullable().optional(),
    quoteNote: z.string().trim().max(2000, "orders:errors.quoteTooLong").nullable().optional(),
    dueDate: isoDay.nullable().optional(),
    assigneeId: z.string().trim().min(1).nullable().optional(),
  })
  .strict();
export type OrderPatchInput = z.infer<typeof OrderPatchApiSchema>;

/** PUT/PATCH /api/service-orders/{id}/status/{status}. */
export const OrderStatusApiSchema = z.object({ note }).partial();

export const ORDER_SORTS = ["newest", "oldest", "updated", "due"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/** The list filters in the query string (pages and API alike); a bad value is dropped. */
const ORDER_LIST_FILTERS = {
  status: z.enum(ORDER_STATUSES),
  q: z.string().trim().min(1).max(100),
  assignee: z.string().trim().min(1).max(64),
  /** Days created, in the viewer's zone (the dashboard's statistics link here with them). */
  from: dayFilter,
  to: dayFilter,
};

/** `?page&perPage` (or `limit`/`pageSize`), `sort`, `status`, `q`, `assignee` (lib/pagination). */
export function parseOrderListQuery(source: URL | URLSearchParams) {
  return parsePageQuery(source, { filters: ORDER_LIST_FILTERS, sorts: ORDER_SORTS });
}
export type OrderListQuery = ReturnType<typeof parseOrderListQuery>;

/** A move on the tracker board (buttons and drag and drop post the same fields). */
export const OrderMoveFormSchema = z.object({
  id: z.string().min(1),
  status: z.enum(ORDER_STATUSES, { errorMap: () => ({ message: "orders:errors.statusInvalid" }) }),
});
