import type { ReactNode } from "react";
import { Avatar, Badge, Button, List, Skeleton, Tag } from "antd-mobile";
import {
  BellOutline,
  ContentOutline,
  FileOutline,
  HistogramOutline,
  MailOutline,
  SetOutline,
  StarOutline,
  TeamOutline,
  UndoOutline,
  UserOutline,
} from "antd-mobile-icons";
import { FormattedMessage, type MessageDescriptor } from "react-intl";
import { useNavigate } from "react-router-dom";
import { useConfirm } from "@/components/ui/confirm";
import { useLogout } from "../api";
import { useMerchant } from "../hooks/useMerchant";
import { myMessages as m } from "./messages";
import { LanguageRow } from "./LanguageRow";
import { MoneyLockBanner } from "./MoneyLockBanner";
import { StatusNotice } from "./StatusNotice";
import { StatusTag } from "./StatusTag";
import { TwoStepOffer } from "./TwoStepRow";
import "./account.css";

type Link = { path: string; label: MessageDescriptor; icon: ReactNode };

const SHOP_LINKS: Link[] = [
  { path: "/message", label: m.messages, icon: <MailOutline /> },
  { path: "/notifications", label: m.notifications, icon: <BellOutline /> },
  { path: "/personalInfo", label: m.personalInfo, icon: <UserOutline /> },
  { path: "/setting", label: m.settings, icon: <SetOutline /> },
  { path: "/level", label: m.level, icon: <StarOutline /> },
];
const MONEY_LINKS: Link[] = [
  { path: "/refundRequest", label: m.refunds, icon: <UndoOutline /> },
  { path: "/fundsRecords", label: m.funds, icon: <ContentOutline /> },
  { path: "/finance", label: m.finance, icon: <HistogramOutline /> },
  { path: "/alliance", label: m.alliance, icon: <TeamOutline /> },
  { path: "/terms", label: m.terms, icon: <FileOutline /> },
];

/**
 * The account part of /my: header (avatar, shop, name, level, verification), the review notice, then
 * `walletSlot` (the wallet block of features/wallet, composed by the screen), links, language and logout.
 * `badges`: a count beside a link, by path (the unread messages, from the screen).
 */
export function MyAccount({ walletSlot, badges = {} }: { walletSlot?: ReactNode; badges?: Record<string, number> }) {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const { data: merchant } = useMerchant();
  const logout = useLogout();

  const links = (items: Link[]) =>
    items.map((link) => (
      <List.Item
        key={link.path}
        prefix={link.icon}
        extra={badges[link.path] ? <Badge content={badges[link.path]} /> : undefined}
        onClick={() => navigate(link.path)}
      >
        <FormattedMessage {...link.label} />
      </List.Item>
    ));

  return (
    <div className="my-account">
      <header className="my-header">
        <Avatar src={merchant?.avatar ?? merchant?.shop?.logo ?? ""} alt="" />
        <div className="my-header-text">
          {merchant ? (
            <>
              <div className="my-header-shop" translate="no">{merchant.shop?.name ?? merchant.real_name}</div>
              <div className="my-header-name">
                <span translate="no">{merchant.real_name}</span>
                <span translate="no">{merchant.phone}</span>
              </div>
              <div className="my-header-tags">
                {merchant.level && (
                  <Tag color="#ffffff" fill="outline">
                    {merchant.level.name}
                  </Tag>
                )}
                <StatusTag merchant={merchant} />
              </div>
            </>
          ) : (
            <Skeleton.Paragraph lineCount={2} animated />
          )}
        </div>
      </header>
      {merchant && <StatusNotice merchant={merchant} />}
      <TwoStepOffer />
      <MoneyLockBanner />

      {walletSlot}

      <List mode="card">
        {links(SHOP_LINKS)}
      </List>
      <List mode="card">
        {links(MONEY_LINKS)}
      </List>
      <List mode="card">
        <LanguageRow />
      </List>
      <div className="my-logout">
        <Button
          block
          size="large"
          color="danger"
          fill="outline"
          loading={logout.isPending}
          onClick={async () => {
            if (await confirm(m.logoutConfirm)) logout.mutate();
          }}
        >
          <FormattedMessage {...m.logout} />
        </Button>
      </div>
    </div>
  );
}
