import { defineMessages } from "react-intl";

export const loginMessages = defineMessages({
  welcome: { id: "login.welcome", defaultMessage: "Welcome back", description: "Login screen heading" },
  subtitle: { id: "login.subtitle", defaultMessage: "Sign in to manage your shop", description: "Login screen subheading" },
  account: { id: "login.account", defaultMessage: "Phone or email", description: "Login field label" },
  accountPlaceholder: {
    id: "login.accountPlaceholder",
    defaultMessage: "Enter phone number or email",
    description: "Login field placeholder",
  },
  accountRequired: {
    id: "login.accountRequired",
    defaultMessage: "Please enter phone number or email",
    description: "Validation: the account field is empty (spec message)",
  },
  password: { id: "login.password", defaultMessage: "Password", description: "Login field label" },
  passwordPlaceholder: { id: "login.passwordPlaceholder", defaultMessage: "Enter password", description: "Login field placeholder" },
  passwordRequired: {
    id: "login.passwordRequired",
    defaultMessage: "Please enter the password",
    description: "Validation: the password field is empty",
  },
  submit: { id: "login.submit", defaultMessage: "Sign in", description: "Login button" },
  forgot: { id: "login.forgot", defaultMessage: "Forgot password?", description: "Link to /forgetPwd" },
  noAccount: { id: "login.noAccount", defaultMessage: "No account yet?", description: "Before the register link" },
  register: { id: "login.register", defaultMessage: "Register", description: "Link to /code (registration)" },
});

export const thirdMessages = defineMessages({
  signingIn: { id: "third.signingIn", defaultMessage: "Signing in…", description: "Loading toast of the partner sign-in" },
  notLinked: {
    id: "third.notLinked",
    defaultMessage: "Your partner account is not linked to a shop yet.",
    description: "Partner sign-in answered status 0",
  },
  register: { id: "third.register", defaultMessage: "Register a shop", description: "Button after status 0" },
  signIn: { id: "third.signIn", defaultMessage: "I already have a shop", description: "Button after status 0" },
});
