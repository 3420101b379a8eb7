/** Shapes of the messages API: aliases of the types generated from the server's OpenAPI schema (`make schema`). */
import type { ApiData, Schemas } from "@/lib/api/types";

/** The Message screen's tab: all, unread (is_see=0) or read (is_see=1). */
export type MessageTab = "all" | "0" | "1";
export type NoticeType = Schemas["NoticeTypeEnum"];
export type Notice = Schemas["Notice"];
export type NoticePage = ApiData<"index/notice">;
export type NoticeDetail = ApiData<"index/see_notice">;
export type NoticeTarget = Schemas["NoticeTarget"];
export type SeeAllAnswer = ApiData<"index/see_all_notices">;
export type AnnouncementPage = ApiData<"merchant/affiche">;
export type Announcement = AnnouncementPage["list"][number];
