import type { ReactNode } from "react";
import "./wallet.css";

/** One labelled value in a card or record ("Fee ... 1.00"). */
export function KeyValue({ label, children, strong }: { label: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <div className={strong ? "wallet-kv wallet-kv-strong" : "wallet-kv"}>
      <span>{label}</span>
      <span>{children}</span>
    </div>
  );
}
