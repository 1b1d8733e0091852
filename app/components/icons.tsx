// The few line icons the shell needs, drawn inline so nothing loads from elsewhere.
function LineIcon({ d }: { d: string }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}

export const MenuIcon = () => <LineIcon d="M4 6h16M4 12h16M4 18h16" />;
export const CloseIcon = () => <LineIcon d="M6 6l12 12M18 6L6 18" />;
export const SunIcon = () => (
  <LineIcon d="M12 3v2M12 19v2M5.6 5.6l1.4 1.4M17 17l1.4 1.4M3 12h2M19 12h2M5.6 18.4L7 17M17 7l1.4-1.4M12 8a4 4 0 100 8 4 4 0 000-8z" />
);
export const MoonIcon = () => <LineIcon d="M21 12.8A9 9 0 1111.2 3a7 7 0 009.8 9.8z" />;
