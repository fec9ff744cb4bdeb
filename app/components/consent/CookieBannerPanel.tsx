import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { CloseIcon } from "~/components/ui/icons";
import { ACCEPT_ALL, normalizeConsent, recordConsent, REJECT_ALL, type ConsentChoices, type OptionalConsentCategory } from "~/lib/consent";
import type { MessageId } from "~/lib/i18n/message-id";
import { useLocalizedPath, useT } from "~/lib/i18n/react";
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

const CATEGORIES: readonly { key: keyof ConsentChoices; name: MessageId; description: MessageId }[] = [
  { key: "necessary", name: "common.consent.categories.necessary.name", description: "common.consent.categories.necessary.description" },
  { key: "analytics", name: "common.consent.categories.analytics.name", description: "common.consent.categories.analytics.description" },
  { key: "functional", name: "common.consent.categories.functional.name", description: "common.consent.categories.functional.description" },
  { key: "marketing", name: "common.consent.categories.marketing.name", description: "common.consent.categories.marketing.description" },
];

/**
 * The banner's content (loaded on demand by CookieBanner): the summary with Accept All / Reject All /
 * Customize, and the per-category switches with Back / Save Preferences.
 */
export default function CookieBannerPanel({ request, onClose }: { request: BannerRequest; onClose: () => void }) {
  const t = useT();
  const localized = useLocalizedPath();
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
    <div ref={region} role="region" aria-label={t("common.consent.region")} className="cookie-banner" data-view={view} onKeyDown={onKeyDown}>
      <div className="cookie-banner-body">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="cookie-banner-title">
          {view === "summary" ? t("common.consent.summaryTitle") : t("common.consent.customizeTitle")}
        </h2>

        {view === "summary" ? (
          <>
            <p className="cookie-banner-text">
              {t("common.consent.summaryText")}{" "}
              <a className="cookie-banner-link" href={localized("/privacy.html")}>
                {t("common.consent.privacyPolicy")}
              </a>
            </p>
            <div className="cookie-banner-actions">
              <button type="button" className="btn btn-secondary" onClick={() => save(REJECT_ALL)}>
                {t("common.consent.rejectAll")}
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => save(ACCEPT_ALL)}>
                {t("common.consent.acceptAll")}
              </button>
              <button type="button" className="btn btn-ghost cookie-banner-customize" onClick={() => showView("customize")}>
                {t("common.consent.customize")}
              </button>
            </div>
          </>
        ) : (
          <>
            {/* Names the footer's button by its own message, so both always read the same. */}
            <p className="cookie-banner-text">{t("common.consent.customizeText", { cookieSettings: t("common.footer.cookieSettings") })}</p>
            <ul className="cookie-categories">
              {CATEGORIES.map((category) => {
                const inputId = `${id}-${category.key}`;
                const locked = category.key === "necessary";
                return (
                  <li key={category.key} className="cookie-category">
                    <div className="min-w-0">
                      <div className="flex flex-wrap items-center gap-x-2">
                        <label htmlFor={inputId} className="font-semibold">
                          {t(category.name)}
                        </label>
                        {locked ? <span className="text-xs font-semibold text-ink-muted">{t("common.consent.alwaysOn")}</span> : null}
                      </div>
                      <p id={`${inputId}-description`} className="mt-0.5 text-sm text-ink-muted">
                        {t(category.description)}
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
                {t("common.consent.back")}
              </button>
              <button type="button" className="btn btn-primary" onClick={() => save(draft)}>
                {t("common.consent.save")}
              </button>
            </div>
          </>
        )}

        {/* Last in the tab order, so Tab reaches the choices first; drawn in the top corner. */}
        <button type="button" className="icon-button cookie-banner-close" aria-label={t("common.consent.close")} onClick={close}>
          <CloseIcon />
        </button>
      </div>
    </div>
  );
}
