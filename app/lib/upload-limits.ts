/** Upload limits shared by the storage module and the file inputs (the server enforces them). */
export const MAX_UPLOAD_MB = 10;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
export const MAX_FILES_PER_REQUEST = 10;

/** The allow-list as the browser's `accept` hint; the server decides from the content. */
export const ACCEPT_ATTRIBUTE = ".pdf,.jpg,.jpeg,.png,.webp,.heic,.tif,.tiff,.docx,.xlsx,.doc,.xls,.txt";
