// A labelled native select with the chevron, and its options, in the browse pages' filter forms (/listings and /auctions).
import type { ReactNode } from "react";
import { ui } from "./listings-styles.ts";

export function SelectField({ id, name, label, value, children }: { id: string; name: string; label: string; value: string; children: ReactNode }) {
  return (
    <div className={ui.field}>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <div className={ui.selectBox}>
        <select id={id} name={name} defaultValue={value} className={ui.select}>
          {children}
        </select>
        <span className={ui.selectIcon} aria-hidden="true">
          <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M6 9l6 6 6-6" />
          </svg>
        </span>
      </div>
    </div>
  );
}

/** One <option> per choice, in order. */
export function SelectOptions({ options }: { options: ReadonlyArray<{ value: string; label: string }> }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}
