/**
 * The footer's two buttons, for a footer that is server markup without code of its own (ADR 0059):
 * "Copy link" copies the page's address and says "Copied!" for COPIED_CONFIRMATION_MS (a failed copy
 * is only logged, spec section 8); "Cookie settings" reopens the cookie banner.
 */
import { openCookieSettings } from "~/lib/consent";
import { COPIED_CONFIRMATION_MS } from "~/lib/constants";

// Its own copy-then-warn rather than useCopyToClipboard's: a module shared by the root and the routes becomes
// one more script request on every first visit (issue 33).
const resetTimers = new WeakMap<HTMLElement, ReturnType<typeof setTimeout>>();

async function copyPageLink(button: HTMLElement) {
  const label = button.querySelector<HTMLElement>("[data-copy-text]");
  try {
    await navigator.clipboard.writeText(window.location.href);
  } catch (error) {
    console.warn("Copy to clipboard failed", error);
    return;
  }
  button.dataset.copied = "true";
  if (label) label.textContent = button.dataset.copiedText ?? "";
  clearTimeout(resetTimers.get(button));
  resetTimers.set(
    button,
    setTimeout(() => {
      delete button.dataset.copied;
      if (label) label.textContent = label.dataset.copyText ?? "";
    }, COPIED_CONFIRMATION_MS),
  );
}

/** Listens on the document for the footer's buttons; returns the clean-up. */
export function installFooterActions(): () => void {
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-footer-action]") : null;
    if (button?.dataset.footerAction === "copy-link") void copyPageLink(button);
    else if (button?.dataset.footerAction === "cookie-settings") openCookieSettings();
  };
  document.addEventListener("click", onClick);
  return () => document.removeEventListener("click", onClick);
}
