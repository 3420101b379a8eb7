import { ExportButton } from "@/components/export/ExportButton";
import { OrderList } from "@/features/orders";

/** /order: the shop's orders by status, with pickup one by one or all at once. */
export default function OrderScreen() {
  return (
    <>
      <ExportButton kind="orders" />
      <OrderList />
    </>
  );
}
