/**
 * The notification modal ("Notify Me", "Get Notified", roadmap buttons). Any component opens it
 * with <NotifyButton>; the modal's code is loaded only when a visitor first opens it. Without
 * JavaScript the same buttons are links to /notify, a page with the same form.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { track } from "~/lib/analytics/track";
import { notifyHref } from "./notify-href";
import type { NotifyPlatform, NotifyRequest } from "./notify-types";

const NotifyModal = lazy(() => import("./NotifyModal"));

interface NotifyContextValue {
  open(request: NotifyRequest): void;
}

const NotifyContext = createContext<NotifyContextValue | null>(null);

export function NotifyProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<NotifyRequest | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback((next: NotifyRequest) => {
    opener.current = document.activeElement as HTMLElement | null;
    setRequest(next);
  }, []);
  const close = useCallback(() => {
    setRequest(null);
    // Focus returns to the button that opened the dialog.
    requestAnimationFrame(() => opener.current?.focus());
  }, []);
  const value = useMemo(() => ({ open }), [open]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      {request ? (
        <Suspense fallback={null}>
          <NotifyModal request={request} onClose={close} />
        </Suspense>
      ) : null}
    </NotifyContext.Provider>
  );
}

export function NotifyButton({
  platform,
  intent = "waitlist",
  event,
  className,
  children,
}: {
  platform: NotifyPlatform;
  intent?: NotifyRequest["intent"];
  /** Analytics event recorded on click, e.g. coming_soon_notify_click. */
  event?: { name: string; properties?: Record<string, unknown> };
  className?: string;
  children: ReactNode;
}) {
  const context = useContext(NotifyContext);
  const request = { platform, intent };
  return (
    <a
      href={notifyHref(request)}
      className={className}
      aria-haspopup="dialog"
      onClick={(e) => {
        if (event) track(event.name, { platform, ...event.properties });
        if (!context) return;
        e.preventDefault();
        context.open(request);
      }}
    >
      {children}
    </a>
  );
}
