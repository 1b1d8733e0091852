// A field people never see or fill; bots that fill every input reveal themselves.
import { HONEYPOT_FIELD } from "~/schemas/fields.ts";

export function Honeypot() {
  return (
    <div aria-hidden="true" style={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }}>
      <label htmlFor={`${HONEYPOT_FIELD}-input`}>Leave this field empty</label>
      <input id={`${HONEYPOT_FIELD}-input`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
