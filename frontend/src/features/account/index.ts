export * from "./api";
export { LoginForm } from "./components/LoginForm";
export { loginMessages, thirdMessages } from "./components/messages";
