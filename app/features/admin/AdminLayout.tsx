import { Form, isRouteErrorResponse, NavLink, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { LogoMark } from "~/components/ui/Logo";
import { siteConfig } from "~/config/site";
import type { loadAdminLayout } from "./layout.server";
import { ADMIN_UNAVAILABLE_MESSAGE } from "./messages";
import { ADMIN_NAV } from "./ui/admin-nav";
import { FlashMessage } from "./ui/FlashMessage";

/**
 * The admin area's frame: the navigation (with the unread count; the development mailbox only while
 * mail goes there), who is signed in, the flash, and the page.
 */
export function AdminLayout() {
  const { admin, viaAccess, flash, unreadContacts, devMailbox } = useLoaderData<typeof loadAdminLayout>();
  return (
    <div className="admin-body">
      <a href="#admin-main" className="skip-link">
        Skip to content
      </a>
      <div className="admin-shell">
        <aside className="admin-sidebar">
          <div className="admin-brand">
            <LogoMark className="h-7 w-7" />
            <span>
              {siteConfig.appName} <small>Admin</small>
            </span>
          </div>
          <nav className="admin-nav" aria-label="Admin">
            {ADMIN_NAV.filter((item) => devMailbox || !item.devMailbox).map((item) => (
              <NavLink key={item.to} to={item.to} prefetch="intent">
                <span>{item.label}</span>
                {item.to === "/admin/contact-submissions" && unreadContacts > 0 ? (
                  <span className="count" aria-label={`${unreadContacts} unread`}>
                    {unreadContacts}
                  </span>
                ) : null}
              </NavLink>
            ))}
          </nav>
          <div className="admin-account">
            <span>
              Signed in as <strong data-testid="signed-in-admin">{admin.email}</strong>
              {admin.role === "owner" ? "Owner" : "Admin"}
              {viaAccess ? " · via Cloudflare Access" : ""}
            </span>
            {viaAccess ? null : (
              <Form method="post" action="/admin/logout">
                <button type="submit" className="btn btn-sm btn-secondary">
                  Sign out
                </button>
              </Form>
            )}
          </div>
        </aside>
        <main id="admin-main" className="admin-main" tabIndex={-1}>
          <FlashMessage flash={flash} />
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/** Any admin page that failed to load: not found, the database unavailable (503), or anything else. */
export function AdminErrorPage() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A loader's own 404 says what is missing (`{ error }`), e.g. the development mailbox outside development.
  const said = isRouteErrorResponse(error) && typeof error.data?.error === "string" ? (error.data.error as string) : null;
  const text =
    status === 404
      ? { title: "Not found", message: said ?? "That record does not exist any more." }
      : status === 503
        ? { title: "Temporarily unavailable", message: ADMIN_UNAVAILABLE_MESSAGE }
        : { title: "Something went wrong", message: "The admin could not load this page. Please try again in a moment." };
  return (
    <div className="login-wrap">
      <div className="card login-card p-6">
        <h1 className="text-xl font-bold">{text.title}</h1>
        <p className="mt-2 text-ink-muted">{text.message}</p>
        <p className="mt-4">
          <a className="btn btn-primary" href="/admin/dashboard">
            Back to the dashboard
          </a>
        </p>
      </div>
    </div>
  );
}
