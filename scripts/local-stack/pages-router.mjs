// The site worker's entry in the local stack: applies public/_routes.json as Cloudflare Pages does
// in production and as `wrangler pages dev` does locally (a port of wrangler 3.114's
// templates/pages-dev-pipeline.ts and pages-dev-util.ts). An `exclude` match goes to the ASSETS
// binding, an `include` match to the Pages Function, anything else to ASSETS. This file runs inside
// workerd (it is loaded as a module of the site worker) and in Node (the stack validates routes and
// the unit test checks the matcher), so it uses nothing but the language.

/**
 * A routing rule as a RegExp: "/" and "/*" as they are; "/foo/*" also matches "/foo"; "/foo/" also
 * matches "/foo"; "/foo*" is a prefix; "/foo" also matches "/foo/".
 */
export function routingRuleToRegExp(rule) {
  let pattern;
  if (rule === "/" || rule === "/*") pattern = rule;
  else if (rule.endsWith("/*")) pattern = `${rule.slice(0, -2)}(/*)?`;
  else if (rule.endsWith("/")) pattern = `${rule.slice(0, -1)}(/)?`;
  else if (rule.endsWith("*")) pattern = rule;
  else pattern = `${rule}(/)?`;
  return new RegExp(`^${pattern.replaceAll(".", "\\.").replaceAll("*", ".*")}$`);
}

/** Throws unless `routes` has the shape of a version 1 _routes.json. */
export function validateRoutes(routes) {
  const rules = (list) => Array.isArray(list) && list.every((rule) => typeof rule === "string" && rule.startsWith("/"));
  if (routes?.version !== 1 || !rules(routes.include) || routes.include.length === 0 || !rules(routes.exclude ?? [])) {
    throw new Error('_routes.json must be { "version": 1, "include": ["/…", …], "exclude": ["/…", …] }');
  }
}

/** `routes` as a function of a path: "asset" (the ASSETS binding) or "function" (the Pages Function). */
export function compileRoutes(routes) {
  const exclude = (routes.exclude ?? []).map(routingRuleToRegExp);
  const include = routes.include.map(routingRuleToRegExp);
  return (pathname) => {
    if (exclude.some((rule) => rule.test(pathname))) return "asset";
    if (include.some((rule) => rule.test(pathname))) return "function";
    return "asset";
  };
}

/** The module worker that sends each request where `routes` says. */
export function pagesRouter(pagesFunction, routes) {
  const routeFor = compileRoutes(routes);
  return {
    fetch(request, env, ctx) {
      const { pathname } = new URL(request.url);
      return routeFor(pathname) === "function" ? pagesFunction.fetch(request, env, ctx) : env.ASSETS.fetch(request);
    },
  };
}
