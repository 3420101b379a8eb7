import { useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { createPortal } from "react-dom";

type BodyProps = { onRefresh: () => Promise<unknown>; children: ReactNode };

// What tells that a person is using the page: the first of these loads the pull gesture.
const FIRST_USE = ["pointerdown", "touchstart", "wheel", "keydown"] as const;

/**
 * Pull down to refresh, for a screen whose first load must stay light (Home). antd-mobile's PullToRefresh, with its
 * gesture and animation libraries (about 26 KB gzipped), is fetched at the first touch, click, wheel or key on the
 * page, not with the screen: the screen's first load does not carry it. The pull that comes after works; the very
 * first touch, if it is already a pull, only loads it.
 *
 * The content is drawn once, into a node of its own (a portal), and that node moves into the gesture's wrapper when
 * the wrapper arrives: the screen is not drawn again, and keeps its state and scroll.
 */
export function LazyPullToRefresh({ onRefresh, children }: BodyProps) {
  const [content] = useState(() => document.createElement("div"));
  const [Body, setBody] = useState<ComponentType<BodyProps> | null>(null);
  useEffect(() => {
    const load = () => {
      FIRST_USE.forEach((name) => window.removeEventListener(name, load, true));
      void import(/* webpackChunkName: "pull-to-refresh" */ "./PullToRefreshBody").then((module) => setBody(() => module.default));
    };
    FIRST_USE.forEach((name) => window.addEventListener(name, load, { capture: true, passive: true }));
    return () => FIRST_USE.forEach((name) => window.removeEventListener(name, load, true));
  }, []);
  const place = <Place node={content} />;
  return (
    <>
      {Body ? <Body onRefresh={onRefresh}>{place}</Body> : place}
      {createPortal(children, content)}
    </>
  );
}

/** Puts the content's node here. It comes before the portal, so the node is in the page before the content's own
 * layout effects measure it. */
function Place({ node }: { node: HTMLElement }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.appendChild(node);
  }, [node]);
  return <div ref={ref} />;
}
