import { EmptyState } from "@/components/ui/EmptyState";

/** /settingup: not built yet (placeholder until its feature lands). */
export default function SettingupScreen() {
  return <EmptyState />;
}
