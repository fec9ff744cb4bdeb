/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  // The legal pages keep their .html addresses, but not as app/routes/privacy[.]html.tsx: a route's
  // browser chunk is named after its file, and "[" is not allowed in the chunk's URL (Nu Html Checker).
  // The optional language segment is the one the ($lang).*.tsx route files declare.
  routes: (defineRoutes) =>
    defineRoutes((route) => {
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
