import { EmptyState } from "@/components/ui/EmptyState";

/** /setting: not built yet (placeholder until its feature lands). */
export default function SettingScreen() {
  return <EmptyState />;
}
