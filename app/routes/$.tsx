import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";

/** A path that looks like a file (has an extension) is a missing asset: a real 404, not a redirect. */
const ASSET_PATH = /\.[a-z0-9]{1,8}$/i;

/** Spec section 2: any unknown path redirects to /. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  if (ASSET_PATH.test(pathname)) {
    throw new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  return redirect("/", 302);
}

export async function action() {
  throw new Response("Not found", { status: 404 });
}
