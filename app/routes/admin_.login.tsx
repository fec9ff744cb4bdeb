import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json, redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { adminMeta } from "~/features/admin/ui/admin-meta";
import { LogoMark } from "~/components/ui/Logo";
import { siteConfig } from "~/config/site";
import { attemptLogin } from "~/features/admin/login.server";
import { ADMIN_LOGIN_MESSAGES } from "~/features/admin/messages";
import { currentAdmin, safeReturnPath } from "~/features/admin/session.server";
import { readFormFields } from "~/lib/public-form.server";
import adminStyles from "~/styles/admin.css";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { publicShell: false };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: MetaFunction = () => adminMeta("Sign in");

/** A refused sign-in's Retry-After reaches the browser on a plain form post too. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const returnTo = safeReturnPath(url.searchParams.get("redirectTo"));
  if (await currentAdmin(request, context)) throw redirect(returnTo);
  return json({ returnTo, signedOut: url.searchParams.has("signedOut") });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const fields = (await readFormFields(request)) ?? {};
  const returnTo = safeReturnPath(fields.redirectTo);
  const outcome = await attemptLogin(request, context, { email: fields.email ?? "", password: fields.password ?? "" });
  if (outcome.ok) return redirect(returnTo, { headers: { "Set-Cookie": outcome.setCookie } });
  const headers: Record<string, string> = {};
  if (outcome.retryAfterSeconds) headers["Retry-After"] = String(outcome.retryAfterSeconds);
  return json({ error: outcome.message, email: (fields.email ?? "").slice(0, 254) }, { status: outcome.status, headers });
}

export default function AdminLogin() {
  const { returnTo, signedOut } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const submitting = useNavigation().state === "submitting";
  return (
    <main className="login-wrap">
      <div className="card login-card p-6 sm:p-8">
        <div className="flex items-center gap-2 font-bold">
          <LogoMark className="h-8 w-8" />
          <span>{siteConfig.appName} admin</span>
        </div>
        <h1 className="mt-6 text-2xl font-extrabold tracking-tight">Sign in</h1>
        <p className="mt-1 text-ink-muted">For the site owner and invited admins.</p>
        {result?.error ? (
          <p role="alert" className="alert-error mt-5" data-testid="login-error">
            {result.error}
          </p>
        ) : signedOut && !params.has("redirectTo") ? (
          <p role="status" className="alert-success mt-5">
            {ADMIN_LOGIN_MESSAGES.signedOut}
          </p>
        ) : null}
        <Form method="post" className="mt-6 grid gap-4" replace>
          <input type="hidden" name="redirectTo" value={returnTo} />
          <div>
            <label className="field-label" htmlFor="admin-email">
              Email
            </label>
            <input
              id="admin-email"
              className="field-input"
              type="email"
              name="email"
              autoComplete="username"
              required
              maxLength={254}
              defaultValue={result?.email ?? ""}
            />
          </div>
          <div>
            <label className="field-label" htmlFor="admin-password">
              Password
            </label>
            <input
              id="admin-password"
              className="field-input"
              type="password"
              name="password"
              autoComplete="current-password"
              required
              maxLength={1024}
            />
          </div>
          <button type="submit" className="btn btn-primary w-full" disabled={submitting}>
            {submitting ? "Signing in..." : "Sign in"}
          </button>
        </Form>
      </div>
    </main>
  );
}
