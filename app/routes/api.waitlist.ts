import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleWaitlistSubmission } from "~/features/waitlist/waitlist-action.server";

/** JSON endpoint for the enhanced waitlist forms (the page forms post to /waitlist). */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleWaitlistSubmission(request, context);
}

export async function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}
