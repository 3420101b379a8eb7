export * from "./api";
export { SupportContacts } from "./components/SupportContacts";
export { SupportChat } from "./components/SupportChat";
export { useSupportUnread } from "./hooks/useSupportUnread";
export { supportMessages } from "./components/messages";
