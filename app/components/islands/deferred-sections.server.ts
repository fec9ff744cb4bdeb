/**
 * Deferred rendering of a page's off-screen sections (ADR 0028).
 *
 * DEFER_SECTIONS_SCRIPT goes in <head> (root's <ServerScript name="deferSections" />, through the
 * server-only registry), before any of the body is parsed. On a fresh navigation to
 * an address without a fragment it puts DEFER_SECTIONS_CLASS on <html>, and the stylesheet then
 * gives every `.section` `content-visibility: auto`: the browser styles, lays out and paints only
 * the sections near the viewport, each of the others when it comes near, holding its place with an
 * estimated height until then.
 *
 * A position computed from estimates is wrong, so the class is not set where a position is about to
 * be restored or jumped to (a reload, a history move, an `#anchor` address), never without
 * JavaScript (nothing could take it away), and it goes for good, at once, before anything scrolls or
 * saves a position by pixels: a click on a link (captured before the browser's smooth scroll to an
 * in-page anchor and before Remix's client navigation saves this page's scroll position), a move
 * through history, or leaving the page (Remix saves the position a reload restores on `pagehide`;
 * this listener comes first). Sections above the viewport then take their real heights, so the
 * script scrolls by the difference to keep what the visitor sees where it was (the browser's own
 * scroll anchoring does not cover this change). It does all this from the first moment, before React
 * has hydrated.
 */
export const DEFER_SECTIONS_CLASS = "defer-sections";

export const DEFER_SECTIONS_SCRIPT = `(function(){
var d=document,r=d.documentElement,c=${JSON.stringify(DEFER_SECTIONS_CLASS)},n=performance.getEntriesByType&&performance.getEntriesByType("navigation")[0];
if(location.hash||(n&&n.type!=="navigate"))return;
r.classList.add(c);
function all(){
var s=[].find.call(d.querySelectorAll(".section"),function(e){return e.getBoundingClientRect().bottom>0}),t=s&&s.getBoundingClientRect().top;
r.classList.remove(c);
if(s)scrollBy({top:s.getBoundingClientRect().top-t,behavior:"instant"});
d.removeEventListener("click",click,true);removeEventListener("popstate",all);removeEventListener("hashchange",all);removeEventListener("pagehide",all)}
function click(e){if(e.target.closest&&e.target.closest("a[href]"))all()}
d.addEventListener("click",click,true);addEventListener("popstate",all);addEventListener("hashchange",all);addEventListener("pagehide",all)
})()`;
