// The service-orders area's client-safe API (schemas, constants, components): what other areas, the shell and routes may use.
export { BoardScroller } from "./board-scroller";
export { AddDocumentsForm, DocumentField, UploadProgress, useUploadWithProgress } from "./document-field";
export type { FileError } from "./file-checks";
export { AttachmentsCard, StatusTimeline } from "./order-parts";
export {
  ORDER_SORTS,
  OrderCancelFormSchema,
  OrderCreateApiSchema,
  OrderCreateFormSchema,
  OrderMoveFormSchema,
  OrderNoteFormSchema,
  OrderPatchApiSchema,
  OrderStaffFormSchema,
  OrderStatusApiSchema,
  OrderStatusFormSchema,
  parseOrderListQuery,
} from "./service-orders.schema";
export {
  CLIENT_CANCELLABLE_ORDER_STATUSES,
  OPEN_ORDER_STATUSES,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderStatus,
  OVERDUE_AFTER_DAYS,
  QUOTING_ORDER_STATUSES,
} from "./status";
export { OrderStatusBadge, OverdueFlag, overdueLabel } from "./status-badge";
