/**
 * The markup every carousel shares (the WAI carousel pattern), around the state of useCarousel:
 * the labelled region, the previous/next buttons and the "show this one" buttons (dots or steps).
 */
import type { ReactNode } from "react";
import { ChevronLeftIcon, ChevronRightIcon } from "~/components/ui/icons";
import type { useCarousel } from "~/hooks/useCarousel";

/**
 * The carousel's region: named, announced as a carousel, pausing on hover and focus and moving on
 * the arrow keys (useCarousel's rootProps). `name` marks it for tests and styles (data-carousel).
 */
export function Carousel({
  carousel,
  label,
  name,
  className,
  children,
}: {
  carousel: Pick<ReturnType<typeof useCarousel>, "rootProps">;
  label: string;
  name?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div {...carousel.rootProps} role="region" aria-roledescription="carousel" aria-label={label} data-carousel={name} className={className}>
      {children}
    </div>
  );
}

/** A previous or next button: a chevron labelled for screen readers. */
export function CarouselArrow({
  direction,
  label,
  onClick,
  className = "icon-button carousel-button",
  disabled,
}: {
  direction: "previous" | "next";
  label: string;
  onClick: () => void;
  className?: string;
  disabled?: boolean;
}) {
  return (
    <button type="button" className={className} aria-label={label} onClick={onClick} disabled={disabled}>
      {direction === "previous" ? <ChevronLeftIcon /> : <ChevronRightIcon />}
    </button>
  );
}

/** A button that shows one slide (a dot, or a tour step); aria-current marks the one shown. */
export function CarouselDot({
  current,
  label,
  onSelect,
  className = "carousel-dot",
  children,
}: {
  current: boolean;
  label: string;
  onSelect: () => void;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <button type="button" className={className} aria-label={label} aria-current={current ? "true" : undefined} onClick={onSelect}>
      {children}
    </button>
  );
}
