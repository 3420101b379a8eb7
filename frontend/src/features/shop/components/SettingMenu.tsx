import { Image, List } from "antd-mobile";
import { PictureOutline, ShopbagOutline, StarOutline, UserContactOutline, GlobalOutline } from "antd-mobile-icons";
import { FormattedMessage } from "react-intl";
import { useNavigate } from "react-router-dom";
import { useLevels, useStore } from "../api";
import { settingMessages as m } from "./messages";
import "./shop.css";

/** /setting: the shop header and the ways to its settings (basic information, banners, social media, level). */
export function SettingMenu() {
  const navigate = useNavigate();
  const store = useStore();
  const levels = useLevels();
  const current = levels.data?.list.find((level) => level.is_current);
  return (
    <>
      <div className="setting-header">
        <Image
          className="setting-header-logo"
          src={store.data?.logo?.url ?? undefined}
          fit="cover"
          alt="" // the shop's name is beside it
          fallback={<ShopbagOutline fontSize={28} />}
        />
        <div>
          <div className="setting-header-name">
            {store.data?.name ? <span translate="no">{store.data.name}</span> : <FormattedMessage {...m.unnamed} />}
          </div>
          {current && <div className="setting-header-level">{current.name}</div>}
        </div>
      </div>
      <List>
        <List.Item
          prefix={<UserContactOutline fontSize={22} />}
          description={<FormattedMessage {...m.baseInfoHint} />}
          onClick={() => navigate("/baseinfo")}
        >
          <FormattedMessage {...m.baseInfo} />
        </List.Item>
        <List.Item
          prefix={<PictureOutline fontSize={22} />}
          description={<FormattedMessage {...m.bannerHint} />}
          onClick={() => navigate("/uploadBanner")}
        >
          <FormattedMessage {...m.banner} />
        </List.Item>
        <List.Item
          prefix={<GlobalOutline fontSize={22} />}
          description={<FormattedMessage {...m.socialHint} />}
          onClick={() => navigate("/socialmedia")}
        >
          <FormattedMessage {...m.social} />
        </List.Item>
        <List.Item prefix={<StarOutline fontSize={22} />} extra={current?.name} onClick={() => navigate("/level")}>
          <FormattedMessage {...m.level} />
        </List.Item>
      </List>
    </>
  );
}
