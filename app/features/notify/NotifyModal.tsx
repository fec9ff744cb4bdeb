import { useEffect, useRef, useState } from "react";
import { CloseIcon } from "~/components/ui/icons";
import { NOTIFY_MODAL_AUTO_CLOSE_MS } from "~/lib/constants";
import { useT } from "~/lib/i18n/react";
import { NotifyForm } from "./NotifyForm";
import { NotifyIntro } from "./NotifyIntro";
import type { NotifyRequest } from "./notify-types";

/**
 * A native modal <dialog>: the browser makes the rest of the page inert (focus stays inside) and
 * closes it on Escape. Loaded lazily by NotifyProvider on first use.
 */
export default function NotifyModal({ request, onClose }: { request: NotifyRequest; onClose: () => void }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  // The spec's submissionTime: when the form appeared.
  const [renderedAt] = useState(() => Date.now());
  const [succeeded, setSucceeded] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    element.querySelector<HTMLElement>("input:not([type=hidden]):not([tabindex='-1'])")?.focus();
    return () => element.close();
  }, []);

  /** Keeps Tab inside the dialog (the browser would otherwise move focus to its own UI). */
  function trapTab(event: React.KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab") return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>("button, input, a[href]")].filter(
      (el) => !el.hasAttribute("disabled") && el.tabIndex !== -1 && el.getAttribute("type") !== "hidden",
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(onClose, NOTIFY_MODAL_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [succeeded, onClose]);

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="notify-title"
      onKeyDown={trapTab}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (outside the panel) closes the dialog.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal-panel">
        <div className="flex items-start justify-between gap-4">
          <div>
            <NotifyIntro request={request} look="dialog" headingId="notify-title" />
          </div>
          <button type="button" className="icon-button -mr-2 -mt-2" aria-label={t("notify.close")} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <div className="mt-6">
          <NotifyForm request={request} renderedAt={renderedAt} onSuccess={() => setSucceeded(true)} />
        </div>
      </div>
    </dialog>
  );
}
