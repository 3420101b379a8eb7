export * from "./api";
export { HomeFigures } from "./components/HomeFigures";
export { LazySalesCurve } from "./components/LazySalesCurve";
export { FinanceReport } from "./components/FinanceReport";
