import { EmptyState } from "@/components/ui/EmptyState";

/** /setPaypwd: not built yet (placeholder until its feature lands). */
export default function SetPaypwdScreen() {
  return <EmptyState />;
}
