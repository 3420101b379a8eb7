export * from "./api";
export { MessageList } from "./components/MessageList";
export { MessageDetailView } from "./components/MessageDetailView";
export { AnnouncementBar } from "./components/AnnouncementBar";
