import type { NotifyRequest } from "./notify-types";

/** The /notify page for a request: where Notify Me leads without JavaScript, and where it posts. */
export function notifyHref({ platform, intent }: NotifyRequest): string {
  return `/notify?${new URLSearchParams({ platform, intent }).toString()}`;
}
