// Light/dark mode: kept in localStorage under `darkMode` ("true"/"false"), else the system preference.
export const DARK_MODE_KEY = "darkMode";

/** Runs inline in <head> before first paint, so the page never flashes the wrong colours. */
export const colorModeBootScript = `(function(){try{var s=localStorage.getItem(${JSON.stringify(
  DARK_MODE_KEY,
)});var d=s===null?window.matchMedia("(prefers-color-scheme: dark)").matches:s==="true";var e=document.documentElement;e.classList.toggle("dark",d);e.classList.toggle("light",!d);e.style.colorScheme=d?"dark":"light";}catch(_){}})();`;

export function applyColorMode(dark: boolean): void {
  const root = document.documentElement;
  root.classList.toggle("dark", dark);
  root.classList.toggle("light", !dark);
  root.style.colorScheme = dark ? "dark" : "light";
  try {
    localStorage.setItem(DARK_MODE_KEY, String(dark));
  } catch {
    // Private browsing may refuse storage; the mode still applies to this page.
  }
}

export function isDarkModeOn(): boolean {
  return document.documentElement.classList.contains("dark");
}
