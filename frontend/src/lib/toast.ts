import type { ToastShowProps } from "antd-mobile";

/**
 * antd-mobile's Toast, loaded when the first toast shows: it brings the mask and its animation library, which the
 * first load of /login and /home can go without. For toasts of the shell (the query client) and the login form.
 */
export function showToast(props: ToastShowProps): void {
  void import(/* webpackChunkName: "toast" */ "antd-mobile").then(({ Toast }) =>
    Toast.show(props),
  );
}
