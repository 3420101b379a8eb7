import { lazy, Suspense, useState } from "react";
import { NoticeBar } from "antd-mobile";
import { SoundOutline } from "antd-mobile-icons";
import { useCurrentAnnouncement } from "../api";
import "./messages.css";

// The dialog (antd-mobile's Modal) is downloaded on the first tap, not with Home's first load.
const AnnouncementDialog = lazy(() => import(/* webpackChunkName: "announcement-dialog" */ "./AnnouncementDialog"));

/** Home's notice bar: the newest platform announcement in force (GET merchant/affiche); a tap shows it whole. Nothing
 * when there is none. */
export function AnnouncementBar() {
  const { data: announcement } = useCurrentAnnouncement();
  const [open, setOpen] = useState(false);
  if (!announcement) return null;
  return (
    <>
      <div onClick={() => setOpen(true)} data-testid="announcement-bar" role="button">
        <NoticeBar className="announcement-bar" content={announcement.title} color="info" icon={<SoundOutline />} />
      </div>
      {open && (
        <Suspense fallback={null}>
          <AnnouncementDialog announcement={announcement} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
