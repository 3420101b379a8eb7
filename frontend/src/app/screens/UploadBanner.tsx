import { EmptyState } from "@/components/ui/EmptyState";

/** /uploadBanner: not built yet (placeholder until its feature lands). */
export default function UploadBannerScreen() {
  return <EmptyState />;
}
