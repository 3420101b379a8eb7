import { useFormat } from "@/lib/money";

/** A money amount from the server ("12.30") with its currency (the platform's unless a token is named), in the
 * active locale. */
export function Money({ value, currency, className }: { value: string | null | undefined; currency?: string; className?: string }) {
  const format = useFormat();
  return <span className={["money", className].filter(Boolean).join(" ")}>{format.money(value, currency)}</span>;
}
