import type { ReactNode } from "react";
import { AppleIcon } from "~/components/ui/icons";
import { siteConfig } from "~/config/site";
import { useT } from "~/lib/i18n/react";

/** The App Store listing, always in a new tab (spec section 1), announced as such to screen readers. */
export function AppStoreLink({ className = "btn btn-primary btn-lg", children }: { className?: string; children?: ReactNode }) {
  const t = useT();
  return (
    <a className={className} href={siteConfig.appStoreUrl} target="_blank" rel="noopener noreferrer" data-app-store-link>
      <AppleIcon />
      {children ?? t("info.appStore")}
      <span className="sr-only"> {t("info.newTab")}</span>
    </a>
  );
}
