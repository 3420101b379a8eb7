import { RefundList } from "@/features/orders";

/** /refundRequest: the refund requests of the shop's orders. */
export default function RefundRequestScreen() {
  return <RefundList />;
}
