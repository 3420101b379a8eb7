export * from "./api";
export { Alliance } from "./components/Alliance";
