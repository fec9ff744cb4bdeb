import type { ReactNode } from "react";
import { AppleIcon } from "~/components/ui/icons";
import { siteConfig } from "~/config/site";

/** The App Store listing, always in a new tab (spec section 1), announced as such to screen readers. */
export function AppStoreLink({
  className = "btn btn-primary btn-lg",
  children = "Download on the App Store",
}: {
  className?: string;
  children?: ReactNode;
}) {
  return (
    <a className={className} href={siteConfig.appStoreUrl} target="_blank" rel="noopener noreferrer" data-app-store-link>
      <AppleIcon />
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
