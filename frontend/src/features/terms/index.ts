export * from "./api";
export { TermsList } from "./components/TermsList";
