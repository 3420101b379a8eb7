import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { RouteName } from "./routeTitles";

export type AppRoute = {
  name: RouteName;
  path: string;
  /** tab: bottom tab bar; nav: NavBar with title and back; bare: the screen draws everything. */
  layout: "tab" | "nav" | "bare";
  /** Reachable signed out. */
  public?: boolean;
  /** Starts downloading the screen's chunk (webpack loads a chunk once, however often this is called). */
  load: () => Promise<{ default: ComponentType }>;
  screen: LazyExoticComponent<ComponentType>;
};

type RouteDefinition = Omit<AppRoute, "screen">;

/**
 * The 39 routes of the spec plus the root (partner sign-in), the account history (the operator actions on the
 * account) and the published terms, each screen its own lazily loaded chunk, named after the screen (`screen-Login`)
 * so that bench/first-load.mjs can tell what a page's first load needs.
 */
const DEFINITIONS: RouteDefinition[] = [
  { name: "root", path: "/", layout: "bare", public: true, load: () => import(/* webpackChunkName: "screen-Root" */ "./screens/Root") },
  { name: "home", path: "/home", layout: "tab", load: () => import(/* webpackChunkName: "screen-Home" */ "./screens/Home") },
  { name: "product", path: "/product", layout: "tab", load: () => import(/* webpackChunkName: "screen-Product" */ "./screens/Product") },
  { name: "order", path: "/order", layout: "tab", load: () => import(/* webpackChunkName: "screen-Order" */ "./screens/Order") },
  { name: "distribution", path: "/distribution", layout: "nav", load: () => import(/* webpackChunkName: "screen-Distribution" */ "./screens/Distribution") },
  { name: "goods", path: "/goods", layout: "nav", load: () => import(/* webpackChunkName: "screen-Goods" */ "./screens/Goods") },
  { name: "my", path: "/my", layout: "tab", load: () => import(/* webpackChunkName: "screen-My" */ "./screens/My") },
  { name: "setting", path: "/setting", layout: "nav", load: () => import(/* webpackChunkName: "screen-Setting" */ "./screens/Setting") },
  { name: "personalInfo", path: "/personalInfo", layout: "nav", load: () => import(/* webpackChunkName: "screen-PersonalInfo" */ "./screens/PersonalInfo") },
  { name: "refundRequest", path: "/refundRequest", layout: "nav", load: () => import(/* webpackChunkName: "screen-RefundRequest" */ "./screens/RefundRequest") },
  { name: "fundsRecords", path: "/fundsRecords", layout: "nav", load: () => import(/* webpackChunkName: "screen-FundsRecords" */ "./screens/FundsRecords") },
  { name: "settingup", path: "/settingup", layout: "nav", load: () => import(/* webpackChunkName: "screen-Settingup" */ "./screens/Settingup") },
  { name: "finance", path: "/finance", layout: "nav", load: () => import(/* webpackChunkName: "screen-Finance" */ "./screens/Finance") },
  { name: "orderDetail", path: "/orderDetail", layout: "nav", load: () => import(/* webpackChunkName: "screen-OrderDetail" */ "./screens/OrderDetail") },
  { name: "goodsDetail", path: "/goodsDetail", layout: "nav", load: () => import(/* webpackChunkName: "screen-GoodsDetail" */ "./screens/GoodsDetail") },
  { name: "withdraw", path: "/withdraw", layout: "nav", load: () => import(/* webpackChunkName: "screen-Withdraw" */ "./screens/Withdraw") },
  { name: "withdrawRecord", path: "/withdrawRecord", layout: "nav", load: () => import(/* webpackChunkName: "screen-WithdrawRecord" */ "./screens/WithdrawRecord") },
  { name: "recharge", path: "/recharge", layout: "nav", load: () => import(/* webpackChunkName: "screen-Recharge" */ "./screens/Recharge") },
  { name: "walletRecharge", path: "/walletRecharge", layout: "nav", load: () => import(/* webpackChunkName: "screen-WalletRecharge" */ "./screens/WalletRecharge") },
  { name: "bankCardRecharge", path: "/bankCardRecharge", layout: "nav", load: () => import(/* webpackChunkName: "screen-BankCardRecharge" */ "./screens/BankCardRecharge") },
  { name: "changeLoginPassword", path: "/changeLoginPassword", layout: "nav", load: () => import(/* webpackChunkName: "screen-ChangeLoginPassword" */ "./screens/ChangeLoginPassword") },
  { name: "forgetPwd", path: "/forgetPwd", layout: "nav", public: true, load: () => import(/* webpackChunkName: "screen-ForgetPwd" */ "./screens/ForgetPwd") },
  { name: "changePayPassword", path: "/changePayPassword", layout: "nav", load: () => import(/* webpackChunkName: "screen-ChangePayPassword" */ "./screens/ChangePayPassword") },
  { name: "setPaypwd", path: "/setPaypwd", layout: "nav", load: () => import(/* webpackChunkName: "screen-SetPaypwd" */ "./screens/SetPaypwd") },
  { name: "blockchainRecharge", path: "/blockchainRecharge", layout: "nav", load: () => import(/* webpackChunkName: "screen-BlockchainRecharge" */ "./screens/BlockchainRecharge") },
  { name: "rechargeRecord", path: "/rechargeRecord", layout: "nav", load: () => import(/* webpackChunkName: "screen-RechargeRecord" */ "./screens/RechargeRecord") },
  { name: "message", path: "/message", layout: "nav", load: () => import(/* webpackChunkName: "screen-Message" */ "./screens/Message") },
  { name: "messageDetail", path: "/messageDetail", layout: "nav", load: () => import(/* webpackChunkName: "screen-MessageDetail" */ "./screens/MessageDetail") },
  { name: "login", path: "/login", layout: "bare", public: true, load: () => import(/* webpackChunkName: "screen-Login" */ "./screens/Login") },
  { name: "register", path: "/register", layout: "nav", public: true, load: () => import(/* webpackChunkName: "screen-Register" */ "./screens/Register") },
  { name: "storeExpress", path: "/storeExpress", layout: "nav", load: () => import(/* webpackChunkName: "screen-StoreExpress" */ "./screens/StoreExpress") },
  { name: "buyTrainBill", path: "/buyTrainBill", layout: "nav", load: () => import(/* webpackChunkName: "screen-BuyTrainBill" */ "./screens/BuyTrainBill") },
  { name: "level", path: "/level", layout: "nav", load: () => import(/* webpackChunkName: "screen-Level" */ "./screens/Level") },
  { name: "baseinfo", path: "/baseinfo", layout: "nav", load: () => import(/* webpackChunkName: "screen-Baseinfo" */ "./screens/Baseinfo") },
  { name: "socialmedia", path: "/socialmedia", layout: "nav", load: () => import(/* webpackChunkName: "screen-Socialmedia" */ "./screens/Socialmedia") },
  { name: "alliance", path: "/alliance", layout: "nav", load: () => import(/* webpackChunkName: "screen-Alliance" */ "./screens/Alliance") },
  { name: "uploadBanner", path: "/uploadBanner", layout: "nav", load: () => import(/* webpackChunkName: "screen-UploadBanner" */ "./screens/UploadBanner") },
  { name: "service", path: "/service", layout: "nav", load: () => import(/* webpackChunkName: "screen-Service" */ "./screens/Service") },
  { name: "services", path: "/services", layout: "nav", load: () => import(/* webpackChunkName: "screen-Services" */ "./screens/Services") },
  { name: "code", path: "/code", layout: "nav", public: true, load: () => import(/* webpackChunkName: "screen-Code" */ "./screens/Code") },
  { name: "accountHistory", path: "/accountHistory", layout: "nav", load: () => import(/* webpackChunkName: "screen-AccountHistory" */ "./screens/AccountHistory") },
  { name: "terms", path: "/terms", layout: "nav", load: () => import(/* webpackChunkName: "screen-Terms" */ "./screens/Terms") },
  { name: "security", path: "/security", layout: "nav", load: () => import(/* webpackChunkName: "screen-Security" */ "./screens/Security") },
  { name: "devices", path: "/devices", layout: "nav", load: () => import(/* webpackChunkName: "screen-Devices" */ "./screens/Devices") },
  { name: "payoutDestinations", path: "/payoutDestinations", layout: "nav", load: () => import(/* webpackChunkName: "screen-PayoutDestinations" */ "./screens/PayoutDestinations") },
  { name: "notifications", path: "/notifications", layout: "nav", load: () => import(/* webpackChunkName: "screen-Notifications" */ "./screens/Notifications") },
  { name: "passkeys", path: "/passkeys", layout: "nav", load: () => import(/* webpackChunkName: "screen-Passkeys" */ "./screens/Passkeys") },
];

export const ROUTES: AppRoute[] = DEFINITIONS.map((route) => ({ ...route, screen: lazy(route.load) }));

export const TAB_ROUTES = ROUTES.filter((route) => route.layout === "tab");

export function findRoute(pathname: string): AppRoute | undefined {
  return ROUTES.find((route) => route.path === pathname);
}

/**
 * At start-up, fetch the screen of the address being opened in parallel with the catalogue and antd-mobile's locale
 * instead of after them. A signed-out visit to a private address fetches /login, where the guard sends it.
 */
export function preloadScreen(pathname: string, signedIn: boolean): void {
  const route = findRoute(pathname);
  const target = route && (signedIn || route.public) ? route : signedIn ? findRoute("/home") : findRoute("/login");
  void target?.load().catch(() => undefined); // a failed download shows when React.lazy retries it
}
