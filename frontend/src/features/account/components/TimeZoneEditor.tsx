import { lazy, Suspense, useState } from "react";
import { List } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import type { MerchantInfo } from "../api";
import { profileMessages as m } from "./messages";

const TimeZoneSheet = lazy(() => import(/* webpackChunkName: "time-zone-sheet" */ "./TimeZoneSheet"));

/** The time zone row of Personal info: the zone the shop's dates are counted in; a tap opens the sheet to change it. */
export function TimeZoneEditor({ merchant }: { merchant: MerchantInfo }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false); // the sheet's chunk is fetched on the first tap
  return (
    <>
      <List.Item
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        extra={<span translate="no">{merchant.time_zone}</span>}
        data-testid="time-zone"
      >
        <FormattedMessage {...m.timeZone} />
      </List.Item>
      {opened && (
        <Suspense fallback={null}>
          <TimeZoneSheet current={merchant.time_zone} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
