import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleCollectorRequest, methodNotAllowed } from "~/features/analytics/collector.server";

/** The first-party analytics collector: event batches from navigator.sendBeacon / fetch (ADR 0018). */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleCollectorRequest(request, context);
}

export async function loader() {
  return methodNotAllowed();
}
