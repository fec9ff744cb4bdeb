/** The beta list as a CSV download, with the same filters and order as the page. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { betaTestersCsv, parseBetaTesterFilters } from "~/features/admin/beta-testers/beta-testers.server";
import { requireAdmin } from "~/features/admin/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const filters = parseBetaTesterFilters(new URL(request.url).searchParams);
  const body = await betaTestersCsv(context.cloudflare.env.DB, filters);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="beta-testers-${day}.csv"`,
    },
  });
}
