import { OrderDetailView } from "@/features/orders";
import { NotFound } from "../NotFound";
import { useIdParam } from "../useIdParam";

/** /orderDetail?id=<order id>: one order with its products, money, shipping, tracking, history and refund. */
export default function OrderDetailScreen() {
  const id = useIdParam();
  return id === null ? <NotFound /> : <OrderDetailView key={id} id={id} />;
}
