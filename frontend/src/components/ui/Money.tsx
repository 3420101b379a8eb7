import { useFormat } from "@/lib/money";

/** A money amount from the server ("12.30"), formatted in the active locale. */
export function Money({ value, className }: { value: string | null | undefined; className?: string }) {
  const format = useFormat();
  return <span className={["money", className].filter(Boolean).join(" ")}>{format.money(value)}</span>;
}
