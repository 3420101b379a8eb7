import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { ApiError } from "./errors";

/**
 * Puts the server's field errors (ApiError.data.errors) on the react-hook-form fields of the same name.
 * Returns true when at least one field got an error (the toast with msg is shown by the query client anyway).
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    if (!(fields as readonly string[]).includes(field) || !messages.length) continue;
    setError(field as FieldPath<T>, { type: "server", message: messages[0] });
    applied = true;
  }
  return applied;
}
