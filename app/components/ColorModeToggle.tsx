import { useEffect, useState } from "react";
import { applyColorMode, isDarkModeOn } from "~/components/color-mode.ts";
import { MoonIcon, SunIcon } from "./icons.tsx";
import { shell } from "./shell-styles.ts";

export function ColorModeToggle() {
  // Unknown on the server; read from the page once hydrated.
  const [dark, setDark] = useState<boolean | null>(null);
  useEffect(() => setDark(isDarkModeOn()), []);
  const label = dark ? "Switch to light mode" : "Switch to dark mode";
  return (
    <button
      type="button"
      className={shell.iconButton}
      aria-label={label}
      title={label}
      aria-pressed={dark ?? undefined}
      onClick={() => {
        const next = !isDarkModeOn();
        applyColorMode(next);
        setDark(next);
      }}
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
