import type { Toast as AntdToast } from "antd-mobile";

/**
 * The app's one way to show a toast (docs/frontend.md). antd-mobile's Toast is loaded when the first toast shows: it
 * brings the mask and its animation library, which the first load of /login and /home goes without. One promise for
 * every call, so calls run in their order (a `clear` after a `loading` closes it).
 */
let loaded: Promise<typeof AntdToast> | undefined;
const antdToast = () => (loaded ??= import(/* webpackChunkName: "toast" */ "antd-mobile").then(({ Toast }) => Toast));

function show(props: Parameters<typeof AntdToast.show>[0]): void {
  void antdToast().then((Toast) => Toast.show(props));
}

export const toast = {
  /** Something was done: usually the server's translated `msg` of the answer. */
  success: (content: string) => show({ icon: "success", content }),
  /** Something failed or was refused. */
  fail: (content: string) => show({ icon: "fail", content }),
  /** A hint without an icon (e.g. "select a product first"). */
  info: (content: string) => show({ content }),
  /** A wait that blocks taps and stays until `toast.clear()`. */
  loading: (content: string) => show({ icon: "loading", content, duration: 0, maskClickable: false }),
  clear: (): void => void antdToast().then((Toast) => Toast.clear()),
};
