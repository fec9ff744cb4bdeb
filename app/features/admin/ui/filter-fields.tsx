import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** A list filter's select: "all" first, then the common values, keeping a value from the URL that is not among them. */
export function FilterSelect({
  id,
  name,
  label,
  all,
  allValue = "",
  values,
  current,
  show = (value) => value,
}: {
  id: string;
  name: string;
  label: string;
  /** The first option's text, and its value (the filter's "no filter"). */
  all: string;
  allValue?: string;
  values: readonly string[];
  current: string;
  show?: (value: string) => ReactNode;
}) {
  const choices = current && current !== allValue && !values.includes(current) ? [current, ...values] : values;
  return (
    <div>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select className="field-input" id={id} name={name} defaultValue={current}>
        <option value={allValue}>{all}</option>
        {choices.map((value) => (
          <option key={value} value={value}>
            {show(value)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One end of a date range; `hintId` names the hint that says the days are UTC and included. */
export function DateFilter({ id, name, label, current, hintId }: { id: string; name: string; label: string; current: string; hintId: string }) {
  return (
    <div>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input className="field-input" id={id} type="date" name={name} defaultValue={current} aria-describedby={hintId} />
    </div>
  );
}

/** A filter form's buttons: Apply sends it; Clear is a link to the page without filters. */
export function FilterActions({ clearTo }: { clearTo: string }) {
  return (
    <div className="admin-actions">
      <button type="submit" className="btn btn-sm btn-primary">
        Apply
      </button>
      <Link to={clearTo} className="btn btn-sm btn-secondary">
        Clear
      </Link>
    </div>
  );
}
