// Small inline icons (no emoji: not every system has an emoji font).
const common = { width: 14, height: 14, viewBox: '0 0 16 16', 'aria-hidden': true, focusable: false, className: 'icon' } as const;

export const FolderIcon = () => (
  <svg {...common}>
    <path d="M1.5 3.5h4.2l1.5 1.5h7.3v8H1.5z" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinejoin="round" />
  </svg>
);

export const VaultIcon = () => (
  <svg {...common}>
    <rect x="1.5" y="2.5" width="13" height="11" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.3" />
    <path d="M1.5 6.5h13" stroke="currentColor" strokeWidth="1.3" />
  </svg>
);

export const FileIcon = () => (
  <svg {...common}>
    <path d="M3.5 1.5h6l3 3v10h-9z" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinejoin="round" />
  </svg>
);
