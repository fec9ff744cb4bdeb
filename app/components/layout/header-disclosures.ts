/**
 * The header's disclosures as plain DOM behaviour, for pages that hydrate and for pages that only boot
 * their islands (ADR 0060): Escape closes the innermost open one, a language switcher (header or footer)
 * before the mobile menu, and gives focus back to its summary; a press elsewhere closes a switcher; a
 * choice in the mobile menu closes it (an in-page anchor leaves the page where it is).
 */
const openSwitcher = () => document.querySelector<HTMLDetailsElement>("details.language-switcher[open]");
const openMenu = () => document.querySelector<HTMLDetailsElement>("details.mobile-menu[open]");

function close(details: HTMLDetailsElement) {
  details.open = false;
  details.querySelector("summary")?.focus();
}

/** Listens on the document; returns the clean-up. */
export function installHeaderDisclosures(): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    const target = openSwitcher() ?? openMenu();
    if (target) close(target);
  };
  const onPointerDown = (event: PointerEvent) => {
    const switcher = openSwitcher();
    if (switcher && !(event.target instanceof Node && switcher.contains(event.target))) switcher.open = false;
  };
  const onClick = (event: MouseEvent) => {
    const menu = openMenu();
    if (menu && event.target instanceof Element && event.target.closest("a[href]") && menu.contains(event.target)) menu.open = false;
  };
  document.addEventListener("keydown", onKey);
  document.addEventListener("pointerdown", onPointerDown);
  document.addEventListener("click", onClick);
  return () => {
    document.removeEventListener("keydown", onKey);
    document.removeEventListener("pointerdown", onPointerDown);
    document.removeEventListener("click", onClick);
  };
}
