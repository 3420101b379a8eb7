export * from "./api";
export { StoreExpress } from "./components/StoreExpress";
export { PurchaseRecords } from "./components/PurchaseRecords";
