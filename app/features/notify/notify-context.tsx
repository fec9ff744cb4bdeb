/**
 * The notification modal ("Notify Me", "Get Notified", roadmap buttons). A <NotifyButton> is a
 * plain link to /notify (the page with the same form, for visitors without JavaScript); on a page
 * wrapped in <NotifyProvider> a click on one opens the modal instead. The modal's code loads when a
 * visitor first opens it.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { track, trackedClick } from "~/features/analytics/browser/track";
import { useLocalizedPath } from "~/lib/i18n/react";
import { notifyHref } from "./notify-href";
import type { NotifyPlatform, NotifyRequest } from "./notify-types";

const NotifyModal = lazy(() => import("./NotifyModal"));

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
  // Any Notify link on the page opens the modal, including links in server-only markup.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>("a[data-notify-platform]");
      if (!link) return;
      event.preventDefault();
      const request: NotifyRequest = {
        platform: link.dataset.notifyPlatform as NotifyPlatform,
        intent: link.dataset.notifyIntent === "beta_testing" ? "beta_testing" : "waitlist",
      };
      // Every notify button (spec section 7); roadmap and coming-soon buttons add their own event too.
      track("notify_click", { ...request });
      open(request);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [open]);
  return (
    <>
      {children}
      {request ? (
        <Suspense fallback={null}>
          <NotifyModal request={request} onClose={close} />
        </Suspense>
      ) : null}
    </>
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
  const localized = useLocalizedPath();
  return (
    <a
      href={localized(notifyHref({ platform, intent }))}
      className={className}
      aria-haspopup="dialog"
      data-notify-platform={platform}
      data-notify-intent={intent}
      {...(event ? trackedClick(event.name, { platform, ...event.properties }) : {})}
    >
      {children}
    </a>
  );
}
