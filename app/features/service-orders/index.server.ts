// The service-orders area's server API: what other areas, the shell and routes may call. Nothing else of the area is imported from outside it.
export { listBoard, parseBoardMore, RECENT_DAYS } from "./board.server";
export { createFromUploadForm, createOrderFromForm, documentsRefusal, type NewRecordAnswer, readUploadForm, respondToDocumentUpload } from "./http.server";
export {
  addOrderDocuments,
  addOrderNote,
  canReadOrder,
  changeOrderStatus,
  countOrdersCreatedSince,
  createOrder,
  deleteOrder,
  deleteOrdersOfClient,
  getOrder,
  hasOrdersForService,
  isOrderOfClient,
  listAssignees,
  listOpenOrdersForClient,
  listOrderRecordsOfClient,
  listOrders,
  listOrdersOfClient,
  ORDER_RECORD_TYPE,
  orderChoicesOfClient,
  type OrderListItem,
  orderReferenceSql,
  orderStatistics,
  recordOrderEvent,
  updateOrder,
} from "./service-orders.server";
