/** What each outbox status means, in the order a message moves through them: the email page's counts and the email log. */
export const OUTBOX_STATUS_TEXT = [
  { status: "queued", label: "Queued", hint: "waiting for its time to be sent" },
  { status: "sending", label: "Sending", hint: "with a sender right now" },
  { status: "sent", label: "Sent", hint: "accepted by the provider" },
  { status: "failed", label: "Failed", hint: "refused, or out of attempts; can be retried" },
  { status: "cancelled", label: "Cancelled", hint: "not sent on purpose: unsubscribed, no longer wanted, or the entry was deleted" },
] as const;

export function outboxStatusLabel(status: string): string {
  return OUTBOX_STATUS_TEXT.find((entry) => entry.status === status)?.label ?? status;
}
