// A field people never see or fill; bots that fill every input reveal themselves.
import { useId } from "react";
import { HONEYPOT_FIELD } from "~/lib/honeypot.ts";

export function Honeypot() {
  // A page can hold two honeypots (its own form and the footer's newsletter): ids must stay unique.
  const id = `${HONEYPOT_FIELD}-${useId()}`;
  return (
    <div aria-hidden="true" style={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }}>
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
