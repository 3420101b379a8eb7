import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { RouteName } from "./routeTitles";

export type AppRoute = {
  name: RouteName;
  path: string;
  /** tab: bottom tab bar; nav: NavBar with title and back; bare: the screen draws everything. */
  layout: "tab" | "nav" | "bare";
  /** Reachable signed out. */
  public?: boolean;
  screen: LazyExoticComponent<ComponentType>;
};

/** The 39 routes of the spec plus the root (partner sign-in), each screen its own lazily loaded chunk. */
export const ROUTES: AppRoute[] = [
  { name: "root", path: "/", layout: "bare", public: true, screen: lazy(() => import("./screens/Root")) },
  { name: "home", path: "/home", layout: "tab", screen: lazy(() => import("./screens/Home")) },
  { name: "product", path: "/product", layout: "tab", screen: lazy(() => import("./screens/Product")) },
  { name: "order", path: "/order", layout: "tab", screen: lazy(() => import("./screens/Order")) },
  { name: "distribution", path: "/distribution", layout: "nav", screen: lazy(() => import("./screens/Distribution")) },
  { name: "goods", path: "/goods", layout: "nav", screen: lazy(() => import("./screens/Goods")) },
  { name: "my", path: "/my", layout: "tab", screen: lazy(() => import("./screens/My")) },
  { name: "setting", path: "/setting", layout: "nav", screen: lazy(() => import("./screens/Setting")) },
  { name: "personalInfo", path: "/personalInfo", layout: "nav", screen: lazy(() => import("./screens/PersonalInfo")) },
  { name: "refundRequest", path: "/refundRequest", layout: "nav", screen: lazy(() => import("./screens/RefundRequest")) },
  { name: "fundsRecords", path: "/fundsRecords", layout: "nav", screen: lazy(() => import("./screens/FundsRecords")) },
  { name: "settingup", path: "/settingup", layout: "nav", screen: lazy(() => import("./screens/Settingup")) },
  { name: "finance", path: "/finance", layout: "nav", screen: lazy(() => import("./screens/Finance")) },
  { name: "orderDetail", path: "/orderDetail", layout: "nav", screen: lazy(() => import("./screens/OrderDetail")) },
  { name: "goodsDetail", path: "/goodsDetail", layout: "nav", screen: lazy(() => import("./screens/GoodsDetail")) },
  { name: "withdraw", path: "/withdraw", layout: "nav", screen: lazy(() => import("./screens/Withdraw")) },
  { name: "withdrawRecord", path: "/withdrawRecord", layout: "nav", screen: lazy(() => import("./screens/WithdrawRecord")) },
  { name: "recharge", path: "/recharge", layout: "nav", screen: lazy(() => import("./screens/Recharge")) },
  { name: "walletRecharge", path: "/walletRecharge", layout: "nav", screen: lazy(() => import("./screens/WalletRecharge")) },
  { name: "bankCardRecharge", path: "/bankCardRecharge", layout: "nav", screen: lazy(() => import("./screens/BankCardRecharge")) },
  { name: "changeLoginPassword", path: "/changeLoginPassword", layout: "nav", screen: lazy(() => import("./screens/ChangeLoginPassword")) },
  { name: "forgetPwd", path: "/forgetPwd", layout: "nav", public: true, screen: lazy(() => import("./screens/ForgetPwd")) },
  { name: "changePayPassword", path: "/changePayPassword", layout: "nav", screen: lazy(() => import("./screens/ChangePayPassword")) },
  { name: "setPaypwd", path: "/setPaypwd", layout: "nav", screen: lazy(() => import("./screens/SetPaypwd")) },
  { name: "blockchainRecharge", path: "/blockchainRecharge", layout: "nav", screen: lazy(() => import("./screens/BlockchainRecharge")) },
  { name: "rechargeRecord", path: "/rechargeRecord", layout: "nav", screen: lazy(() => import("./screens/RechargeRecord")) },
  { name: "message", path: "/message", layout: "nav", screen: lazy(() => import("./screens/Message")) },
  { name: "messageDetail", path: "/messageDetail", layout: "nav", screen: lazy(() => import("./screens/MessageDetail")) },
  { name: "login", path: "/login", layout: "bare", public: true, screen: lazy(() => import("./screens/Login")) },
  { name: "register", path: "/register", layout: "nav", public: true, screen: lazy(() => import("./screens/Register")) },
  { name: "storeExpress", path: "/storeExpress", layout: "nav", screen: lazy(() => import("./screens/StoreExpress")) },
  { name: "buyTrainBill", path: "/buyTrainBill", layout: "nav", screen: lazy(() => import("./screens/BuyTrainBill")) },
  { name: "level", path: "/level", layout: "nav", screen: lazy(() => import("./screens/Level")) },
  { name: "baseinfo", path: "/baseinfo", layout: "nav", screen: lazy(() => import("./screens/Baseinfo")) },
  { name: "socialmedia", path: "/socialmedia", layout: "nav", screen: lazy(() => import("./screens/Socialmedia")) },
  { name: "alliance", path: "/alliance", layout: "nav", screen: lazy(() => import("./screens/Alliance")) },
  { name: "uploadBanner", path: "/uploadBanner", layout: "nav", screen: lazy(() => import("./screens/UploadBanner")) },
  { name: "service", path: "/service", layout: "nav", screen: lazy(() => import("./screens/Service")) },
  { name: "services", path: "/services", layout: "nav", screen: lazy(() => import("./screens/Services")) },
  { name: "code", path: "/code", layout: "nav", public: true, screen: lazy(() => import("./screens/Code")) },
];

export const TAB_ROUTES = ROUTES.filter((route) => route.layout === "tab");

export function findRoute(pathname: string): AppRoute | undefined {
  return ROUTES.find((route) => route.path === pathname);
}
