import { IconButton } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { applyColorMode, isDarkModeOn } from "~/lib/color-mode.ts";
import { MoonIcon, SunIcon } from "./icons.tsx";

export function ColorModeToggle() {
  // Unknown on the server; read from the page once hydrated.
  const [dark, setDark] = useState<boolean | null>(null);
  useEffect(() => setDark(isDarkModeOn()), []);
  const label = dark ? "Switch to light mode" : "Switch to dark mode";
  return (
    <IconButton
      aria-label={label}
      title={label}
      aria-pressed={dark ?? undefined}
      variant="ghost"
      size="sm"
      onClick={() => {
        const next = !isDarkModeOn();
        applyColorMode(next);
        setDark(next);
      }}
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </IconButton>
  );
}
