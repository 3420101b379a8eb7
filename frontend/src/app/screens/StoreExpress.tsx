import { StoreExpress } from "@/features/promotion";

/** /storeExpress: the shop express lane: packages, choosing goods, paying, the running promotions. */
export default function StoreExpressScreen() {
  return <StoreExpress />;
}
