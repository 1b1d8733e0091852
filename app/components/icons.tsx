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

export const HeartIcon = ({ filled = false }: { filled?: boolean }) => (
  <svg width="20" height="20" viewBox="0 0 24 24" fill={filled ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="M20.8 4.6a5.5 5.5 0 00-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 00-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 000-7.8z" />
  </svg>
);
export const ImagePlaceholderIcon = () => <LineIcon d="M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6M15.5 9.5h.01" />;
export const ShieldCheckIcon = () => <LineIcon d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4" />;
export const ChevronLeftIcon = () => <LineIcon d="M15 18l-6-6 6-6" />;
export const ChevronRightIcon = () => <LineIcon d="M9 18l6-6-6-6" />;
