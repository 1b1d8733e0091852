// The footer's newsletter sign-up. Part of the shell on every page, so drawn with static classes in Chakra's
// field, input and button looks (see SiteHeader.tsx) instead of Chakra components.
import { useFetcher } from "@remix-run/react";
import { useId } from "react";
import { staticClasses } from "~/lib/static-styles.ts";
import type { action } from "~/routes/newsletter.tsx";
import { Honeypot } from "./Honeypot.tsx";
import { shell } from "./shell-styles.ts";

const newsletter = staticClasses("newsletter", {
  title: { fontWeight: "semibold", mb: "2" },
  intro: { fontSize: "sm", color: "fg.muted", mb: "3" },
  field: { display: "flex", flexDirection: "column", gap: "1.5", w: "100%", position: "relative" },
  row: { display: "flex", alignItems: "center", gap: "2", w: "full" },
  input: { recipe: "input", variants: { size: "sm" }, css: { bg: "bg" } },
  submit: { recipe: "button", variants: { size: "sm" }, css: { colorPalette: "blue" } },
  error: { display: "inline-flex", alignItems: "center", fontWeight: "medium", gap: "1", color: "fg.error", textStyle: "xs" },
  thanks: { fontSize: "sm", color: "green.fg", mt: "2" },
});

export function NewsletterForm() {
  const fetcher = useFetcher<typeof action>();
  const result = fetcher.data;
  const busy = fetcher.state !== "idle";
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const invalid = Boolean(result && !result.ok);
  return (
    <div>
      <p className={newsletter.title}>Newsletter</p>
      <p className={newsletter.intro}>New equipment, auction highlights and buying tips, once a month.</p>
      <fetcher.Form method="post" action="/newsletter" noValidate>
        <Honeypot />
        <div role="group" className={newsletter.field}>
          <label htmlFor={inputId} className={shell.srOnly}>
            Email address for the newsletter
          </label>
          <div className={newsletter.row}>
            <input
              id={inputId}
              name="email"
              type="email"
              placeholder="you@company.com"
              autoComplete="email"
              className={newsletter.input}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? errorId : undefined}
            />
            <button type="submit" className={newsletter.submit} disabled={busy} aria-busy={busy || undefined}>
              Subscribe
            </button>
          </div>
          {result && !result.ok ? (
            <p id={errorId} aria-live="polite" className={newsletter.error}>
              {result.message}
            </p>
          ) : null}
        </div>
        {result?.ok ? (
          <p role="status" className={newsletter.thanks}>
            {result.message}
          </p>
        ) : null}
      </fetcher.Form>
    </div>
  );
}
