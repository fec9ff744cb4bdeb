/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  // The legal pages keep their .html addresses, but not as app/routes/privacy[.]html.tsx: a route's
  // browser chunk is named after its file, and "[" is not allowed in the chunk's URL (Nu Html Checker).
  routes: (defineRoutes) =>
    defineRoutes((route) => {
      // Each in every language, like the ($lang) routes: /de/privacy.html (pageLanguage refuses unknown prefixes).
      route(":lang?/privacy.html", "legal/privacy-page.tsx");
      route(":lang?/terms.html", "legal/terms-page.tsx");
    }),
  server: undefined,
  serverBuildPath: "build/index.js",
  serverConditions: ["workerd", "worker", "browser"],
  serverDependenciesToBundle: "all",
  serverMainFields: ["browser", "module", "main"],
  serverMinify: true,
  serverModuleFormat: "esm",
  serverPlatform: "neutral",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: false,
  },
};
