export {
  api,
  request,
  requestAnswer,
  newIdempotencyKey,
  fetchPrivateFile,
  privateFilePath,
  API_BASE,
  PRIVATE_FILE_PATH,
  TIMEOUT_MS,
  type RequestOptions,
  type Answer,
} from "./client";
export { ApiError, isAnswered, OfflineError, type FieldErrors } from "./errors";
export { nextPageParam, PAGE_SIZE, type ListPage } from "./list";
export { createQueryClient, POLL_MS } from "./queryClient";
export { applyFieldErrors } from "./forms";
