/** Props of {@link HallIllustration}. */
export interface HallIllustrationProps {
  /** Accessible description, already translated. */
  label: string;
}

const BOOTHS = [0, 1, 2, 3].flatMap((col) => [0, 1].map((row) => ({ col, row })));

/** An exhibition hall seen from above: two rows of empty booths along an aisle, drawn inline. */
export function HallIllustration({ label }: HallIllustrationProps) {
  return (
    <svg viewBox="0 0 640 260" role="img" aria-label={label} style={{ width: "100%", height: "auto" }}>
      <rect x="4" y="4" width="632" height="252" rx="18" fill="#f8f9fa" stroke="#dee2e6" strokeWidth="2" />
      <rect x="24" y="116" width="592" height="28" rx="6" fill="#e7f5ff" />
      <path d="M40 130 H600" stroke="#74c0fc" strokeWidth="2" strokeDasharray="8 8" />
      {BOOTHS.map(({ col, row }) => {
        const x = 36 + col * 146;
        const y = row === 0 ? 24 : 156;
        return (
          <g key={`${col}-${row}`}>
            <rect
              x={x}
              y={y}
              width="128"
              height="80"
              rx="10"
              fill="#ffffff"
              stroke="#adb5bd"
              strokeWidth="2"
              strokeDasharray="6 5"
            />
            <rect x={x + 14} y={row === 0 ? y + 62 : y + 8} width="100" height="10" rx="5" fill="#dbe4ff" />
            <polygon
              points={`${x + 64},${y + 22} ${x + 82},${y + 31} ${x + 64},${y + 40} ${x + 46},${y + 31}`}
              fill="#bac8ff"
            />
            <polygon
              points={`${x + 46},${y + 31} ${x + 64},${y + 40} ${x + 64},${y + 56} ${x + 46},${y + 47}`}
              fill="#91a7ff"
            />
            <polygon
              points={`${x + 82},${y + 31} ${x + 64},${y + 40} ${x + 64},${y + 56} ${x + 82},${y + 47}`}
              fill="#748ffc"
            />
          </g>
        );
      })}
    </svg>
  );
}
