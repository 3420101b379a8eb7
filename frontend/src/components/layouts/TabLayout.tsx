import type { ReactNode } from "react";
import { TabBar } from "antd-mobile";
import { AppOutline, ShopbagOutline, UnorderedListOutline, UserOutline } from "antd-mobile-icons";
import { useIntl, type MessageDescriptor } from "react-intl";
import { useLocation, useNavigate } from "react-router-dom";

export type Tab = { path: string; title: MessageDescriptor };

const ICONS: Record<string, ReactNode> = {
  "/home": <AppOutline />,
  "/product": <ShopbagOutline />,
  "/order": <UnorderedListOutline />,
  "/my": <UserOutline />,
};

/**
 * The four main screens: content above the bottom tab bar (home, product, order, my). The bar stays in the page
 * flow, sticky at the bottom (styles.css), so it takes exactly its own height, home indicator (safe area) included:
 * the last item of a screen ends above it and can be tapped. `badges`: a count on a tab (orders awaiting pickup).
 */
export function TabLayout({ tabs, badges = {}, children }: { tabs: Tab[]; badges?: Record<string, number>; children: ReactNode }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <div className="tab-layout">
      <main className="tab-layout-body">{children}</main>
      <nav className="tab-layout-bar">
        <TabBar activeKey={pathname} onChange={(key) => navigate(key)} safeArea>
          {tabs.map((tab) => (
            <TabBar.Item
              key={tab.path}
              icon={ICONS[tab.path]}
              title={intl.formatMessage(tab.title)}
              badge={badges[tab.path] || undefined}
            />
          ))}
        </TabBar>
      </nav>
    </div>
  );
}
