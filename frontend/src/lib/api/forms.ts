import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { ApiError } from "./errors";

/**
 * Puts the server's field errors (ApiError.data.errors) on the react-hook-form fields of the same name. When every
 * one of them found its field, the query client's toast does not say it again (the same message twice at once reads
 * as two problems). Returns true when at least one field got an error.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  const named = Object.entries(error.fieldErrors).filter(([, messages]) => messages.length > 0);
  const shown = named.filter(([field]) => (fields as readonly string[]).includes(field));
  for (const [field, messages] of shown) setError(field as FieldPath<T>, { type: "server", message: messages[0] });
  error.shownOnFields = shown.length > 0 && shown.length === named.length;
  return shown.length > 0;
}
