export * from "./api";
export { NotificationSettings } from "./components/NotificationSettings";
