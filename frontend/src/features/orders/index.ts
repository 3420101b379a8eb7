export * from "./api";
export { OrderList } from "./components/OrderList";
export { OrderDetailView } from "./components/OrderDetailView";
export { RefundList } from "./components/RefundList";
