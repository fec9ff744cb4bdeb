/**
 * Analytics failure rules (spec section 8): a failure only warns; after more than
 * ANALYTICS_ERROR_LIMIT of them the analytics boundary switches analytics off for this page and
 * says so in a small, dismissible status message. The page itself keeps working.
 */
import { ANALYTICS_ERROR_LIMIT, ANALYTICS_MESSAGES } from "./messages";

export class AnalyticsErrors {
  private count = 0;
  private tripped = false;

  constructor(
    private readonly onDisable: () => void,
    private readonly limit = ANALYTICS_ERROR_LIMIT,
  ) {}

  get errors(): number {
    return this.count;
  }

  get disabled(): boolean {
    return this.tripped;
  }

  report(message: string, detail?: unknown): void {
    if (this.tripped) return;
    if (detail === undefined) console.warn(`analytics: ${message}`);
    else console.warn(`analytics: ${message}`, detail);
    this.count += 1;
    if (this.count > this.limit) {
      this.tripped = true;
      console.warn(`analytics: ${ANALYTICS_MESSAGES.disabled} (${this.count} errors)`);
      try {
        this.onDisable();
      } catch (error) {
        console.warn("analytics: switching off failed", error);
      }
    }
  }
}

export const BOUNDARY_CLASS = "analytics-boundary";

/**
 * The boundary's message: a polite status region at the bottom of the page with a Dismiss button.
 * The text goes in just after the empty region is attached, so screen readers announce it.
 */
export function showAnalyticsBoundary(doc: Document = document): HTMLElement {
  const existing = doc.querySelector<HTMLElement>(`.${BOUNDARY_CLASS}`);
  if (existing) return existing;
  const box = doc.createElement("div");
  box.className = BOUNDARY_CLASS;
  box.setAttribute("role", "status");
  const text = doc.createElement("p");
  const dismiss = doc.createElement("button");
  dismiss.type = "button";
  dismiss.className = "btn btn-secondary btn-sm";
  dismiss.textContent = "Dismiss";
  dismiss.addEventListener("click", () => box.remove());
  box.appendChild(text);
  box.appendChild(dismiss);
  doc.body.appendChild(box);
  setTimeout(() => {
    text.textContent = ANALYTICS_MESSAGES.disabled;
  }, 50);
  return box;
}
