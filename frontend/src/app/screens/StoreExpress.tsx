import { EmptyState } from "@/components/ui/EmptyState";

/** /storeExpress: not built yet (placeholder until its feature lands). */
export default function StoreExpressScreen() {
  return <EmptyState />;
}
