import { useEffect } from "react";
import { Badge, List } from "antd-mobile";
import { MessageOutline } from "antd-mobile-icons";
import { FormattedMessage } from "react-intl";
import { useNavigate } from "react-router-dom";
import { QueryFallback } from "@/components/ui/QueryState";
import { updateSession, useSession } from "@/lib/session";
import { useSupportLinks } from "../api";
import { useSupportUnread } from "../hooks/useSupportUnread";
import { isSafeSupportUrl, KIND_LOOK } from "./kinds";
import { supportMessages as m } from "./messages";
import "./support.css";

/** Service: the entry to the built-in conversation (with its unread replies) and the links operators configure. The
 * links are kept in session state `kf_urls` (spec), so they show at once on the next visit. */
export function SupportContacts() {
  const navigate = useNavigate();
  const unread = useSupportUnread();
  const { kfUrls } = useSession();
  const query = useSupportLinks();
  const links = query.data ?? (kfUrls.length > 0 ? kfUrls : undefined);
  useEffect(() => {
    if (query.data && JSON.stringify(query.data) !== JSON.stringify(kfUrls)) updateSession({ kfUrls: query.data });
  }, [query.data, kfUrls]);

  return (
    <>
      <List mode="card">
        <List.Item
          prefix={
            <span className="support-link-icon" style={{ color: "#722ed1", background: "#722ed11a" }} aria-hidden>
              <MessageOutline />
            </span>
          }
          description={<FormattedMessage {...m.chatEntryHint} />}
          extra={unread > 0 ? <Badge content={unread} /> : null}
          onClick={() => navigate("/services")}
          data-testid="support-chat-entry"
        >
          <FormattedMessage {...m.chatEntry} />
        </List.Item>
      </List>
      <div className="support-heading">
        <FormattedMessage {...m.otherChannels} />
      </div>
      {links === undefined ? (
        <QueryFallback query={query} lines={3} />
      ) : links.length === 0 ? (
        <div className="support-empty">
          <FormattedMessage {...m.noChannels} />
        </div>
      ) : (
        <List mode="card">
          {links.filter((link) => isSafeSupportUrl(link.url)).map((link) => {
            const look = KIND_LOOK[link.kind] ?? KIND_LOOK.web;
            return (
              <List.Item
                key={link.id}
                prefix={
                  <span className="support-link-icon" style={{ color: look.color, background: `${look.color}1a` }} aria-hidden>
                    {look.icon}
                  </span>
                }
                description={link.kind_label}
                arrowIcon
              >
                <a className="support-link-anchor" href={link.url} target="_blank" rel="noopener noreferrer">
                  <span translate="no">{link.label}</span>
                </a>
              </List.Item>
            );
          })}
        </List>
      )}
      <div className="support-notice">
        <FormattedMessage {...m.officialNotice} />
      </div>
    </>
  );
}
