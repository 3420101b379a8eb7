import { Avatar, Skeleton, Tag } from "antd-mobile";
import { ShopbagOutline, StarOutline } from "antd-mobile-icons";
import { useMerchant } from "../hooks/useMerchant";
import { StatusTag } from "./StatusTag";
import "./account.css";

/** The top of Home: the shop's logo and name, the merchant's level and verification state (getMerInfo). */
export function ShopHeader() {
  const { data: merchant } = useMerchant();
  return (
    <header className="shop-header">
      <Avatar
        className="shop-header-logo"
        src={merchant?.shop?.logo ?? ""}
        alt="" // the shop's name is beside it
        fallback={<ShopbagOutline className="shop-header-fallback" />}
      />
      <div className="shop-header-text">
        {merchant ? (
          <>
            <h2 className="shop-header-name" translate="no">{merchant.shop?.name ?? merchant.real_name}</h2>
            <div className="shop-header-owner" translate="no">{merchant.real_name}</div>
            <div className="shop-header-tags">
              {merchant.level && (
                <Tag color="primary" fill="outline">
                  <StarOutline /> {merchant.level.name}
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
  );
}
