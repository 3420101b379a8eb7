import { Tag } from "antd-mobile";
import type { RecordStatus } from "../api";

const COLORS: Record<RecordStatus, "warning" | "success" | "danger" | "default"> = {
  0: "warning",
  1: "success",
  2: "danger",
  3: "default",
};

/** A deposit or withdrawal status: in review, approved (withdrawn), not approved, cancelled (a withdrawal); the label
 * comes from the server. */
export function StatusTag({ status, label }: { status: RecordStatus; label: string }) {
  return (
    <Tag color={COLORS[status] ?? "default"} fill="outline">
      {label}
    </Tag>
  );
}
