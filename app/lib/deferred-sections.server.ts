/**
 * Deferred rendering of a page's off-screen sections (ADR 0028).
 *
 * DEFER_SECTIONS_SCRIPT goes in <head>, before any of the body is parsed. On a fresh navigation to
 * an address without a fragment it puts DEFER_SECTIONS_CLASS on <html>, and the stylesheet then
 * gives every `.section` `content-visibility: auto`: the browser styles, lays out and paints only
 * the sections near the viewport, each of the others when it comes near, holding its place with an
 * estimated height until then.
 *
 * A position computed from estimates is wrong, so the class is not set where a position is about to
 * be restored or jumped to (a reload, a history move, an `#anchor` address), never without
 * JavaScript (nothing could take it away), and it goes for good, at once, before anything scrolls by
 * position: a click on a link (captured before the browser's smooth scroll to an in-page anchor and
 * before Remix's client navigation saves this page's scroll position) or a move through history.
 * The script does that itself, from the first moment, before React has hydrated.
 */
export const DEFER_SECTIONS_CLASS = "defer-sections";

export const DEFER_SECTIONS_SCRIPT = `(function(){
var d=document,r=d.documentElement,c=${JSON.stringify(DEFER_SECTIONS_CLASS)},n=performance.getEntriesByType&&performance.getEntriesByType("navigation")[0];
if(location.hash||(n&&n.type!=="navigate"))return;
r.classList.add(c);
function all(){r.classList.remove(c);d.removeEventListener("click",click,true);removeEventListener("popstate",all);removeEventListener("hashchange",all)}
function click(e){if(e.target.closest&&e.target.closest("a[href]"))all()}
d.addEventListener("click",click,true);addEventListener("popstate",all);addEventListener("hashchange",all)
})()`;
