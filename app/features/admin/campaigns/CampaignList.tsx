import { useEffect } from "react";
import { useRevalidator } from "@remix-run/react";
import { ActionsCell, AdminTable } from "~/features/admin/ui/AdminTable";
import { PostButton } from "~/features/admin/ui/PostButton";
import { formatUtcDateTime } from "~/lib/dates";
// Only the type from the .server module: the browser bundle leaves its values out.
import type { DeliveryCounts } from "~/features/outreach/campaigns.server";

/** The counts shown as columns, in order, with their headings. */
const COUNT_COLUMNS = [
  { key: "queued", label: "Queued" },
  { key: "sent", label: "Sent" },
  { key: "failed", label: "Failed" },
  { key: "skipped", label: "Skipped" },
  { key: "bounced", label: "Bounced" },
  { key: "complained", label: "Complaints" },
] as const satisfies readonly { key: keyof DeliveryCounts; label: string }[];

export interface CampaignListItem {
  id: number;
  title: string;
  /** Who it went to, in words ("Asked about Android", "The next 25 in line"). */
  audience: string;
  audienceSize: number;
  queuedCount: number;
  queuedAt: string | null;
  createdAt: string;
  adminEmail: string;
  counts: DeliveryCounts;
}

/** How often the page refreshes its figures while a campaign is still going out (with JavaScript). */
const REFRESH_MS = 4_000;

const n = (value: number) => value.toLocaleString("en");

/** A campaign still going out: not every row queued yet, or rows waiting for the sender. */
export const inProgress = (c: Pick<CampaignListItem, "queuedAt" | "counts">) => c.queuedAt === null || c.counts.queued > 0;

/**
 * The invitation batches or the announcements, newest first, with their delivery health: queued (or
 * being sent), sent, failed, skipped, and what the provider reported (delivered, bounced, complained).
 * While one is going out the page refreshes its figures every few seconds (without JavaScript, reload
 * the page); a campaign whose queueing stopped can be resumed, and failed messages retried.
 */
export function CampaignList({ items, noun, testId, caption }: { items: CampaignListItem[]; noun: string; testId: string; caption: string }) {
  const { revalidate, state } = useRevalidator();
  const going = items.some(inProgress);
  useEffect(() => {
    if (!going) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && state === "idle") revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [going, revalidate, state]);

  return (
    <AdminTable
      testId={testId}
      caption={caption}
      columns={[
        { label: "Sent" },
        { label: noun },
        { label: "Audience" },
        { label: "Progress" },
        ...COUNT_COLUMNS.map(({ label }) => ({ label, numeric: true })),
        { label: <span className="visually-hidden">Actions</span> },
      ]}
      empty={items.length === 0 ? "Nothing sent yet." : null}
    >
      {items.map((item) => {
        const { counts } = item;
        const total = Math.max(item.queuedCount, 1);
        const done = counts.sent + counts.failed + counts.skipped;
        const percent = Math.min(100, Math.round((done / total) * 100));
        return (
          <tr key={item.id} data-testid="campaign-row" data-campaign-id={item.id}>
            <td className="whitespace-nowrap text-sm">
              <time dateTime={item.createdAt}>{formatUtcDateTime(item.createdAt)}</time>
              <br />
              <span className="muted">by {item.adminEmail}</span>
            </td>
            <td className="cell-clip font-semibold">{item.title}</td>
            <td className="text-sm">
              {item.audience}
              <br />
              <span className="muted">{n(item.audienceSize)} when sent</span>
            </td>
            <td className="min-w-[9rem] text-sm">
              <progress className="campaign-progress" max={100} value={percent} aria-label={`${item.title}: ${percent}% done`} />
              <span className="block">
                {item.queuedAt === null ? (
                  <span className="pill pill-warn">Queueing stopped at {n(item.queuedCount)}</span>
                ) : counts.queued > 0 ? (
                  `${n(done)} of ${n(item.queuedCount)} done`
                ) : (
                  <span className="pill pill-on">Finished</span>
                )}
              </span>
            </td>
            {COUNT_COLUMNS.map(({ key }) => (
              <td key={key} className="num" data-testid={`count-${key}`}>
                {n(counts[key])}
              </td>
            ))}
            <ActionsCell>
              {item.queuedAt === null ? (
                <PostButton intent="resume" id={item.id} label="Resume" ariaLabel={`Resume queueing ${item.title}`} preventScrollReset />
              ) : null}
              {counts.failed > 0 ? (
                <PostButton intent="retry-failed" id={item.id} label={`Retry ${n(counts.failed)} failed`} ariaLabel={`Retry the failed messages of ${item.title}`} preventScrollReset />
              ) : null}
            </ActionsCell>
          </tr>
        );
      })}
    </AdminTable>
  );
}
