// Types for pages-router.mjs.
export interface PagesRoutes {
  version: number;
  include: string[];
  exclude?: string[];
}
export function routingRuleToRegExp(rule: string): RegExp;
export function validateRoutes(routes: unknown): asserts routes is PagesRoutes;
export function compileRoutes(routes: PagesRoutes): (pathname: string) => "asset" | "function";
export function pagesRouter(pagesFunction: ExportedHandler, routes: PagesRoutes): ExportedHandler<{ ASSETS: Fetcher }>;
