import { NotificationSettings } from "@/features/push";

/** /notifications: Web Push on this phone and the kinds to notify (features/push), from My and Settings. */
export default function NotificationsScreen() {
  return <NotificationSettings />;
}
