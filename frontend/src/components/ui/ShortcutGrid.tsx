import type { ReactNode } from "react";
import { Badge } from "antd-mobile";
import { FormattedMessage, type MessageDescriptor } from "react-intl";
import { useNavigate } from "react-router-dom";

export type Shortcut = { path: string; label: MessageDescriptor; icon: ReactNode; color: string; badge?: number };

/** A grid of links to screens, each an icon on a tinted circle above its label (three a row). */
export function ShortcutGrid({ items }: { items: Shortcut[] }) {
  const navigate = useNavigate();
  return (
    <nav className="shortcut-grid">
      {items.map((item) => (
        <button key={item.path} type="button" className="shortcut" onClick={() => navigate(item.path)}>
          <Badge content={item.badge || null}>
            <span className="shortcut-icon" style={{ color: item.color, background: `${item.color}1a` }} aria-hidden>
              {item.icon}
            </span>
          </Badge>
          <span className="shortcut-label">
            <FormattedMessage {...item.label} />
          </span>
        </button>
      ))}
    </nav>
  );
}
