import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleContactSubmission } from "~/features/contact/contact-action.server";

/** JSON endpoint for the enhanced contact form (the page form posts to /contact). */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleContactSubmission(request, context);
}

export async function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}
