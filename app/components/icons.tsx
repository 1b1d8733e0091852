// The few line icons the shell needs, drawn inline so nothing loads from elsewhere.
function LineIcon({ d }: { d: string }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
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
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill={filled ? "currentColor" : "none"}
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M20.8 4.6a5.5 5.5 0 00-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 00-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 000-7.8z" />
  </svg>
);
export const ImagePlaceholderIcon = () => <LineIcon d="M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6M15.5 9.5h.01" />;
export const CameraIcon = () => (
  <LineIcon d="M3 8a2 2 0 012-2h2.5L9 4h6l1.5 2H19a2 2 0 012 2v10a2 2 0 01-2 2H5a2 2 0 01-2-2zM12 9.5a3.5 3.5 0 100 7 3.5 3.5 0 000-7z" />
);
export const ShieldCheckIcon = () => <LineIcon d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4" />;
export const ChevronLeftIcon = () => <LineIcon d="M15 18l-6-6 6-6" />;
export const ChevronRightIcon = () => <LineIcon d="M9 18l6-6-6-6" />;

// Notifications: the header bell and one icon per notification type.
export const BellIcon = () => <LineIcon d="M18 8a6 6 0 10-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 01-3.4 0" />;
export const GavelIcon = () => <LineIcon d="M14 13l-8.5 8.5a2.1 2.1 0 01-3-3L11 10M16 16l6-6M8 8l6-6M9 7l8 8M21 11l-8-8" />;
export const TrophyIcon = () => <LineIcon d="M8 21h8M12 17v4M7 4h10v5a5 5 0 01-10 0zM7 6H4v1a3 3 0 003 3M17 6h3v1a3 3 0 01-3 3" />;
export const ClockIcon = () => <LineIcon d="M12 3a9 9 0 100 18 9 9 0 000-18zM12 7v5l3 2" />;
export const MessageIcon = () => <LineIcon d="M21 15a2 2 0 01-2 2H7l-4 4V5a2 2 0 012-2h14a2 2 0 012 2z" />;
export const TagIcon = () => <LineIcon d="M20.6 13.4l-7.2 7.2a2 2 0 01-2.8 0L2 12V2h10l8.6 8.6a2 2 0 010 2.8zM7 7h.01" />;
export const CardIcon = () => <LineIcon d="M3 5h18v14H3zM3 10h18M7 15h3" />;
export const TruckIcon = () => <LineIcon d="M1 4h14v12H1zM15 8h4l3 3v5h-7zM5.5 21a2 2 0 100-4 2 2 0 000 4zM18.5 21a2 2 0 100-4 2 2 0 000 4z" />;
export const PriceDropIcon = () => <LineIcon d="M23 18l-9.5-9.5-5 5L1 6M17 18h6v-6" />;
export const EyeIcon = () => <LineIcon d="M1 12s4-8 11-8 11 8 11 8-4 8-11 8-11-8-11-8zM12 9a3 3 0 100 6 3 3 0 000-6z" />;
export const SearchIcon = () => <LineIcon d="M11 3a8 8 0 100 16 8 8 0 000-16zM21 21l-4.4-4.4" />;
export const AlertIcon = () => <LineIcon d="M10.3 3.9L1.8 18a2 2 0 001.7 3h17a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0zM12 9v4M12 17h.01" />;
export const CheckCircleIcon = () => <LineIcon d="M12 3a9 9 0 100 18 9 9 0 000-18zM8 12l3 3 5-6" />;
export const InfoIcon = () => <LineIcon d="M12 3a9 9 0 100 18 9 9 0 000-18zM12 16v-4M12 8h.01" />;
