/** The admin area's pages, in navigation order. */
export const ADMIN_NAV = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/beta-testers", label: "Beta testers" },
  { to: "/admin/reviews", label: "Reviews" },
  { to: "/admin/contact-submissions", label: "Contact messages" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/settings", label: "Settings" },
  { to: "/admin/analytics", label: "Analytics" },
] as const;
