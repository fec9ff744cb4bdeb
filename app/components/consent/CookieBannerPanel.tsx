import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { CloseIcon } from "~/components/ui/icons";
import { ACCEPT_ALL, normalizeConsent, recordConsent, REJECT_ALL, type ConsentChoices, type OptionalConsentCategory } from "~/lib/consent";
import { useKeepClearOfBanner } from "./useKeepClearOfBanner";

export type BannerView = "summary" | "customize";
type View = BannerView;

export interface BannerRequest {
  view: BannerView;
  draft: ConsentChoices;
  /** True when the visitor asked for it (Cookie settings): focus moves into the banner. */
  focus: boolean;
  /** Where focus returns when the banner closes. */
  returnFocusTo: HTMLElement | null;
}

const CATEGORIES: { key: keyof ConsentChoices; name: string; description: string }[] = [
  { key: "necessary", name: "Necessary", description: "Remembers this cookie choice on your device and keeps the site working." },
  {
    key: "analytics",
    name: "Analytics",
    description: "Counts visits and how pages are used (clicks, scrolling), so we can see what helps. Off until you allow it.",
  },
  { key: "functional", name: "Functional", description: "Remembers optional preferences between visits. Off until you allow it." },
  { key: "marketing", name: "Marketing", description: "Measures whether our campaigns reach people. Off by default." },
];

/**
 * The banner's content (loaded on demand by CookieBanner): the summary with Accept All / Reject All /
 * Customize, and the per-category switches with Back / Save Preferences.
 */
export default function CookieBannerPanel({ request, onClose }: { request: BannerRequest; onClose: () => void }) {
  const [view, setView] = useState<View>(request.view);
  const [draft, setDraft] = useState<ConsentChoices>(request.draft);
  // Bumped when focus should move to the current view's heading (after a request or a view change).
  const [focusRequest, setFocusRequest] = useState(request.focus ? 1 : 0);
  const region = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  useKeepClearOfBanner(region);

  useEffect(() => {
    if (focusRequest > 0) heading.current?.focus();
  }, [focusRequest]);

  const close = useCallback(() => {
    // Focus inside the banner would fall back to <body>; return it to whatever opened the banner.
    if (region.current?.contains(document.activeElement) && request.returnFocusTo?.isConnected) request.returnFocusTo.focus();
    onClose();
  }, [onClose, request.returnFocusTo]);

  const save = (choices: ConsentChoices) => {
    recordConsent(choices);
    close();
  };

  const showView = (next: View) => {
    setView(next);
    setFocusRequest((n) => n + 1);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      close();
    }
  };

  const headingId = `${id}-heading`;
  return (
    <div ref={region} role="region" aria-label="Cookie consent" className="cookie-banner" data-view={view} onKeyDown={onKeyDown}>
      <div className="cookie-banner-body">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="cookie-banner-title">
          {view === "summary" ? "Your privacy, your choice" : "Cookie preferences"}
        </h2>

        {view === "summary" ? (
          <>
            <p className="cookie-banner-text">
              Necessary storage only remembers this choice. Analytics and marketing stay off until you allow them.{" "}
              <a className="cookie-banner-link" href="/privacy.html">
                Privacy Policy
              </a>
            </p>
            <div className="cookie-banner-actions">
              <button type="button" className="btn btn-secondary" onClick={() => save(REJECT_ALL)}>
                Reject All
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => save(ACCEPT_ALL)}>
                Accept All
              </button>
              <button type="button" className="btn btn-ghost cookie-banner-customize" onClick={() => showView("customize")}>
                Customize
              </button>
            </div>
          </>
        ) : (
          <>
            <p className="cookie-banner-text">Choose what this site may store. You can change it any time under Cookie settings.</p>
            <ul className="cookie-categories">
              {CATEGORIES.map((category) => {
                const inputId = `${id}-${category.key}`;
                const locked = category.key === "necessary";
                return (
                  <li key={category.key} className="cookie-category">
                    <div className="min-w-0">
                      <div className="flex flex-wrap items-center gap-x-2">
                        <label htmlFor={inputId} className="font-semibold">
                          {category.name}
                        </label>
                        {locked ? <span className="text-xs font-semibold text-ink-muted">Always on</span> : null}
                      </div>
                      <p id={`${inputId}-description`} className="mt-0.5 text-sm text-ink-muted">
                        {category.description}
                      </p>
                    </div>
                    <input
                      id={inputId}
                      type="checkbox"
                      role="switch"
                      className="consent-switch"
                      aria-describedby={`${inputId}-description`}
                      checked={locked ? true : draft[category.key]}
                      disabled={locked}
                      onChange={(event) => {
                        const key = category.key as OptionalConsentCategory;
                        const checked = event.currentTarget.checked;
                        setDraft((current) => normalizeConsent({ ...current, [key]: checked }));
                      }}
                    />
                  </li>
                );
              })}
            </ul>
            <div className="cookie-banner-actions cookie-banner-actions-save">
              <button type="button" className="btn btn-secondary" onClick={() => showView("summary")}>
                Back
              </button>
              <button type="button" className="btn btn-primary" onClick={() => save(draft)}>
                Save Preferences
              </button>
            </div>
          </>
        )}

        {/* Last in the tab order, so Tab reaches the choices first; drawn in the top corner. */}
        <button type="button" className="icon-button cookie-banner-close" aria-label="Close" onClick={close}>
          <CloseIcon />
        </button>
      </div>
    </div>
  );
}
