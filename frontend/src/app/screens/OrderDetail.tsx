import { useSearchParams } from "react-router-dom";
import { OrderDetailView } from "@/features/orders";

/** /orderDetail?id=<order id>: one order with its products, money, shipping, tracking, history and refund. */
export default function OrderDetailScreen() {
  const [params] = useSearchParams();
  const id = Number(params.get("id"));
  return <OrderDetailView key={id} id={Number.isInteger(id) ? id : 0} />;
}
