/**
 * What the sender renders an invitation batch's or announcement's rows from (ADR 0036): the campaign
 * row (email_campaigns, written by features/outreach, never edited afterwards), read once per claim
 * for all its rows; or, for a test copy to an admin's own address (no entry, no campaign yet), the
 * content the admin was looking at, carried in the row's payload.
 */
import { z } from "zod";
import type { OutboxRow } from "./outbox.server";
import type { CampaignContent } from "./templates/types.server";

/** The payload field of a test copy: the content to render, as the campaign would hold it. */
export const testCopySchema = z.object({
  kind: z.enum(["invitation", "announcement"]),
  subject: z.string().max(200).nullable(),
  bodyMarkdown: z.string().max(20_000).nullable(),
  testflightUrl: z.string().max(200).nullable(),
});
export type TestCopy = z.infer<typeof testCopySchema>;

/** The content of a test copy's payload, or null when the row is not one. */
export function testCopyOf(payload: Record<string, unknown>): CampaignContent | null {
  const parsed = testCopySchema.safeParse(payload.testCopy);
  return parsed.success ? { id: 0, ...parsed.data } : null;
}

/** The campaigns of `rows`, in one query (none when no row belongs to one). */
export async function loadCampaignContents(db: D1Database, rows: Pick<OutboxRow, "campaignId">[]): Promise<Map<number, CampaignContent>> {
  const ids = [...new Set(rows.map((row) => row.campaignId).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const { results } = await db
    .prepare("SELECT id, kind, subject, body_markdown, testflight_url FROM email_campaigns WHERE id IN (SELECT value FROM json_each(?1))")
    .bind(JSON.stringify(ids))
    .all<{ id: number; kind: CampaignContent["kind"]; subject: string | null; body_markdown: string | null; testflight_url: string | null }>();
  return new Map(results.map((r) => [r.id, { id: r.id, kind: r.kind, subject: r.subject, bodyMarkdown: r.body_markdown, testflightUrl: r.testflight_url }]));
}
