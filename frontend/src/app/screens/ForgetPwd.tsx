import { EmptyState } from "@/components/ui/EmptyState";

/** /forgetPwd: not built yet (placeholder until its feature lands). */
export default function ForgetPwdScreen() {
  return <EmptyState />;
}
