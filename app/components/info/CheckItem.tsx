import type { ComponentType, ReactNode, SVGProps } from "react";
import { CheckIcon } from "~/components/ui/Icons";

/** One point of a list, after a round check (or another icon) in a bubble. The caller gives the key. */
export function CheckItem({
  children,
  icon: IconComponent = CheckIcon,
  className = "flex gap-3",
}: {
  children: ReactNode;
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  className?: string;
}) {
  return (
    <li className={className}>
      <span className="check-bubble">
        <IconComponent width={14} height={14} />
      </span>
      <span>{children}</span>
    </li>
  );
}
