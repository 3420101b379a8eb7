import { AppstoreOutline, CollectMoneyOutline, MessageOutline, SetOutline, TruckOutline, UndoOutline } from "antd-mobile-icons";
import { lazy, Suspense } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Skeleton } from "antd-mobile";
import { defineMessages, FormattedMessage } from "react-intl";
import { LazyPullToRefresh } from "@/components/ui/LazyPullToRefresh";
import { ShortcutGrid, type Shortcut } from "@/components/ui/ShortcutGrid";
import { RecoveryNotice, ShopHeader, StatusNotice, useMerchant } from "@/features/account";
import { HomeFigures, LazySalesCurve, useHomeFigures } from "@/features/figures";
import { useCurrentAnnouncement } from "@/features/messages/api";
import { AnnouncementBar } from "@/features/messages/components/AnnouncementBar";
import { useSupportUnread } from "@/features/support/hooks/useSupportUnread";
import { useWalletSummary, WalletCard } from "@/features/wallet";
import { routeTitles } from "../routeTitles";

// A rare state: ErrorBlock's illustrations stay out of Home's first load (docs/frontend.md, lazy pieces).
const LoadFailed = lazy(() =>
  import(/* webpackChunkName: "load-failed" */ "@/components/ui/LoadFailed").then((m) => ({ default: m.LoadFailed })),
);

const messages = defineMessages({
  shortcuts: { id: "home.shortcuts", defaultMessage: "Shortcuts", description: "Home: title of the links grid" },
});

/** The spec's shortcuts, each named like the screen it opens. */
const SHORTCUTS: Shortcut[] = [
  { path: "/setting", label: routeTitles.setting, icon: <SetOutline />, color: "#1264e3" },
  { path: "/refundRequest", label: routeTitles.refundRequest, icon: <UndoOutline />, color: "#fa541c" },
  { path: "/storeExpress", label: routeTitles.storeExpress, icon: <TruckOutline />, color: "#13a86b" },
  { path: "/service", label: routeTitles.service, icon: <MessageOutline />, color: "#722ed1" },
  { path: "/withdraw", label: routeTitles.withdraw, icon: <CollectMoneyOutline />, color: "#d48806" },
  { path: "/distribution", label: routeTitles.distribution, icon: <AppstoreOutline />, color: "#eb2f96" },
];

/**
 * /home (tab): the shop (logo, name, level, verification), an account recovery operators started (impossible to miss,
 * with its Cancel button), the platform's current announcement, what a merchant who is not active must know (review,
 * rejection, closed shop), the shop's figures, the wallet, the sales curve and the
 * shortcuts. Pulling down reads everything again. The announcement bar and the support badge come from their
 * features' own modules, not the features' indexes, so Home's first load does not carry the message and chat screens.
 * Below the shop's header, Home is drawn once the announcement, the figures and the wallet (read in parallel) are in:
 * arriving one by one, each pushed the others down under the merchant's finger. When one of them cannot be read,
 * Home says so with a retry (LoadFailed, as the lists do). The sales curve below the fold
 * loads when it comes into view.
 */
export default function HomeScreen() {
  const queryClient = useQueryClient();
  const { data: merchant } = useMerchant();
  const supportUnread = useSupportUnread(); // read every 30 s while the app is visible: the Customer service badge
  const shortcuts = SHORTCUTS.map((item) => (item.path === "/service" ? { ...item, badge: supportUnread } : item));
  const queries = [useCurrentAnnouncement(), useHomeFigures(), useWalletSummary()];
  const loading = queries.some((query) => query.isPending);
  // A read that failed (after the query client's retries) is said, with a retry, as the lists do; never a skeleton
  // that waits for ever. Data already shown stays when a later refresh fails.
  const failed = queries.find((query) => query.isError && query.data === undefined);
  return (
    <LazyPullToRefresh onRefresh={() => queryClient.invalidateQueries()}>
      <ShopHeader />
      <RecoveryNotice />
      {failed ? (
        <Suspense fallback={null}>
          <LoadFailed
            error={failed.error}
            onRetry={() => queries.filter((query) => query.isError).forEach((query) => void query.refetch())}
          />
        </Suspense>
      ) : loading ? (
        <Skeleton.Paragraph lineCount={12} animated style={{ padding: 16 }} />
      ) : (
        <>
          <AnnouncementBar />
          {merchant && <StatusNotice merchant={merchant} />}
          <HomeFigures />
          <WalletCard />
          <LazySalesCurve />
          <h2 className="section-title">
            <FormattedMessage {...messages.shortcuts} />
          </h2>
          <ShortcutGrid items={shortcuts} />
        </>
      )}
    </LazyPullToRefresh>
  );
}
