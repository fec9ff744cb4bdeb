import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { handleProviderWebhook } from "~/features/outreach/webhook.server";

/**
 * The email provider's delivery reports (Resend's webhook, signed with Svix; ADR 0036). A server-to-server
 * POST without Origin, which the pipeline's cross-site check lets through as it does RFC 8058 one-click.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleProviderWebhook(request, context);
}

export async function loader() {
  return json({ error: "Use POST." }, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}
