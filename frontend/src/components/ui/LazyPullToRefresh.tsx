import { useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { createPortal } from "react-dom";

type BodyProps = { onRefresh: () => Promise<unknown>; children: ReactNode };

// What tells that a person is using the page: the first of these loads the pull gesture.
const FIRST_USE = ["pointerdown", "touchstart", "wheel", "keydown"] as const;
// What starts and ends a press. The gesture's wrapper goes in between presses: content moved between a press and
// its release can lose the tap (the announcement once did not open in a browser test).
const PRESS_START = ["pointerdown", "touchstart"] as const;
const PRESS_END = ["pointerup", "pointercancel", "touchend", "touchcancel"] as const;

/**
 * Pull down to refresh, for a screen whose first load must stay light (Home). antd-mobile's PullToRefresh, with its
 * gesture and animation libraries (about 26 KB gzipped), is fetched at the first touch, click, wheel or key on the
 * page, not with the screen: the screen's first load does not carry it, and it goes in once that touch has ended.
 * The pull that comes after works; the very first touch, if it is already a pull, only loads it.
 *
 * The content is drawn once, into a node of its own (a portal), and that node moves into the gesture's wrapper when
 * the wrapper arrives: the screen is not drawn again, and keeps its state and scroll.
 */
export function LazyPullToRefresh({ onRefresh, children }: BodyProps) {
  const [content] = useState(() => document.createElement("div"));
  const [Body, setBody] = useState<ComponentType<BodyProps> | null>(null);
  useEffect(() => {
    let loaded: ComponentType<BodyProps> | null = null;
    let pressing = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const press = () => {
      pressing = true;
    };
    const release = () => {
      pressing = false;
      timer = setTimeout(show); // after the click the press makes
    };
    const listen = (on: boolean) => {
      const pairs = [...PRESS_START.map((name) => [name, press] as const), ...PRESS_END.map((name) => [name, release] as const)];
      for (const [name, handler] of pairs) {
        if (on) window.addEventListener(name, handler, { capture: true, passive: true });
        else window.removeEventListener(name, handler, true);
      }
    };
    const show = () => {
      if (!loaded || pressing) return;
      listen(false);
      setBody(() => loaded);
    };
    const load = (event: Event) => {
      FIRST_USE.forEach((name) => window.removeEventListener(name, load, true));
      pressing = (PRESS_START as readonly string[]).includes(event.type);
      listen(true);
      void import(/* webpackChunkName: "pull-to-refresh" */ "./PullToRefreshBody").then((module) => {
        loaded = module.default;
        show();
      });
    };
    FIRST_USE.forEach((name) => window.addEventListener(name, load, { capture: true, passive: true }));
    return () => {
      clearTimeout(timer);
      FIRST_USE.forEach((name) => window.removeEventListener(name, load, true));
      listen(false);
    };
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
