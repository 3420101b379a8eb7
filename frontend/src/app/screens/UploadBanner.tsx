import { BannerForm } from "@/features/shop";

/** /uploadBanner: the store banner and the advertisement banner. */
export default function UploadBannerScreen() {
  return <BannerForm />;
}
