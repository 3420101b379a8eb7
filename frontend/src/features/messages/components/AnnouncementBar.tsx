import { useState } from "react";
import { Modal, NoticeBar } from "antd-mobile";
import { SoundOutline } from "antd-mobile-icons";
import { FormattedMessage, useIntl } from "react-intl";
import { useFormat } from "@/lib/money";
import { useCurrentAnnouncement } from "../api";
import { messageMessages as m } from "./messages";
import "./messages.css";

/** Home's notice bar: the newest platform announcement in force (GET merchant/affiche); a tap shows it whole. Nothing
 * when there is none. */
export function AnnouncementBar() {
  const intl = useIntl();
  const format = useFormat();
  const { data: announcement } = useCurrentAnnouncement();
  const [open, setOpen] = useState(false);
  if (!announcement) return null;
  return (
    <>
      <div onClick={() => setOpen(true)} data-testid="announcement-bar" role="button">
        <NoticeBar className="announcement-bar" content={announcement.title} color="info" icon={<SoundOutline />} />
      </div>
      <Modal
        visible={open}
        title={announcement.title}
        closeOnMaskClick
        onClose={() => setOpen(false)}
        content={
          <div data-testid="announcement-dialog">
            <div className="announcement-content">{announcement.content}</div>
            {announcement.ends_at && (
              <div className="announcement-until">
                <FormattedMessage {...m.validUntil} values={{ time: format.dateTime(announcement.ends_at) }} />
              </div>
            )}
          </div>
        }
        actions={[{ key: "close", text: intl.formatMessage(m.close), primary: true, onClick: () => setOpen(false) }]}
      />
    </>
  );
}
