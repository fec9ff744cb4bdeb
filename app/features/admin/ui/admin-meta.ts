import { siteConfig } from "~/config/site";

/** An admin page's <title> and its noindex (the header X-Robots-Tag says the same for non-HTML). */
export function adminMeta(page: string) {
  return [{ title: `${page} · ${siteConfig.appName} admin` }, { name: "robots", content: "noindex, nofollow" }];
}
