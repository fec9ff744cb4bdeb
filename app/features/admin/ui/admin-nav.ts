/** The admin area's pages by name: one place for each path the server redirects to and the pages link to. */
export const ADMIN_PATHS = {
  dashboard: "/admin/dashboard",
  betaTesters: "/admin/beta-testers",
  import: "/admin/import",
  reviews: "/admin/reviews",
  contactMessages: "/admin/contact-submissions",
  users: "/admin/users",
  settings: "/admin/settings",
  analytics: "/admin/analytics",
  email: "/admin/email",
  announcements: "/admin/announcements",
  mailbox: "/admin/mailbox",
  auditLog: "/admin/audit",
  emailLog: "/admin/email/messages",
} as const;

/**
 * The admin area's pages, in navigation order. `devMailbox`: shown only while the development mailbox
 * is where email goes (development without a provider).
 */
export const ADMIN_NAV: readonly { to: string; label: string; devMailbox?: true }[] = [
  { to: ADMIN_PATHS.dashboard, label: "Dashboard" },
  { to: ADMIN_PATHS.betaTesters, label: "Beta testers" },
  { to: ADMIN_PATHS.import, label: "Import" },
  { to: ADMIN_PATHS.announcements, label: "Announcements" },
  { to: ADMIN_PATHS.email, label: "Email" },
  { to: ADMIN_PATHS.mailbox, label: "Mailbox (development)", devMailbox: true },
  { to: ADMIN_PATHS.reviews, label: "Reviews" },
  { to: ADMIN_PATHS.contactMessages, label: "Contact messages" },
  { to: ADMIN_PATHS.users, label: "Users" },
  { to: ADMIN_PATHS.settings, label: "Settings" },
  { to: ADMIN_PATHS.auditLog, label: "Audit log" },
  { to: ADMIN_PATHS.analytics, label: "Analytics" },
];
