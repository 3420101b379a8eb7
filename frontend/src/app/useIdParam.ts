import { useSearchParams } from "react-router-dom";

/** The `id` of a detail screen's address (`/orderDetail?id=12`): a positive whole number, or null when the link has
 * none or a mistyped one, which the screen answers with the not-found page instead of loading forever. */
export function useIdParam(): number | null {
  const [params] = useSearchParams();
  const id = Number(params.get("id") ?? "");
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
