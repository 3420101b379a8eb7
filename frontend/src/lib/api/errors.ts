/**
 * A change asked for while the device is offline (TanStack Query's onlineManager): refused at once by the query
 * client (lib/api/queryClient.ts), before anything is sent, so no save or money move waits to be sent later.
 */
export class OfflineError extends Error {
  constructor() {
    super("offline");
    this.name = "OfflineError";
  }
}

/** The server answered the request (a rejection with its envelope): its outcome is known. */
export function isAnswered(error: unknown): error is ApiError {
  return error instanceof ApiError && error.isRejection;
}

export type FieldErrors = Record<string, string[]>;

/** A rejected call: envelope code 0 (HTTP 200, msg translated by the server), 401, or another HTTP error. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly data: unknown = null,
    /** The HTTP status; 200 for a rejection the merchant can act on. */
    readonly status = 200,
  ) {
    super(msg);
    this.name = "ApiError";
  }

  /** Set by applyFieldErrors when a form showed every field error on its field: then no toast repeats them. */
  shownOnFields = false;

  /** A rejection to show to the merchant (toast), as opposed to a transport or server failure. */
  get isRejection(): boolean {
    return this.status === 200 && this.code === 0;
  }

  /** Field errors, `data.errors`, when the server validated a form. */
  get fieldErrors(): FieldErrors {
    const errors = (this.data as { errors?: unknown } | null)?.errors;
    return errors && typeof errors === "object" ? (errors as FieldErrors) : {};
  }
}
