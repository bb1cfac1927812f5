import classes from "./home.module.css";

/** Props of {@link HeroIllustration}. */
export interface HeroIllustrationProps {
  /** Accessible description, already translated. */
  label: string;
}

/** A 3D product in a viewer frame with numbered notes and a toolbar, drawn inline (no outside image). */
export function HeroIllustration({ label }: HeroIllustrationProps) {
  return (
    <svg className={classes.illustration} viewBox="0 0 480 360" role="img" aria-label={label}>
      <defs>
        <linearGradient id="hero-top" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#dbe4ff" />
          <stop offset="1" stopColor="#bac8ff" />
        </linearGradient>
        <linearGradient id="hero-left" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#5c7cfa" />
          <stop offset="1" stopColor="#4263eb" />
        </linearGradient>
        <linearGradient id="hero-right" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3bc9db" />
          <stop offset="1" stopColor="#1098ad" />
        </linearGradient>
      </defs>
      <rect x="8" y="8" width="464" height="344" rx="22" fill="#ffffff" stroke="#e9ecef" strokeWidth="2" />
      <ellipse cx="220" cy="262" rx="118" ry="22" fill="#dee2e6" opacity="0.7" />
      <polygon points="220,70 320,120 220,170 120,120" fill="url(#hero-top)" />
      <polygon points="120,120 220,170 220,270 120,220" fill="url(#hero-left)" />
      <polygon points="320,120 220,170 220,270 320,220" fill="url(#hero-right)" />
      <path d="M150 135 L200 160 M150 150 L200 175" stroke="#edf2ff" strokeWidth="5" strokeLinecap="round" />
      <circle cx="200" cy="105" r="14" fill="#f76707" stroke="#fff" strokeWidth="3" />
      <text x="200" y="110" textAnchor="middle" fontSize="14" fontWeight="700" fill="#fff">
        1
      </text>
      <circle cx="285" cy="190" r="14" fill="#f76707" stroke="#fff" strokeWidth="3" />
      <text x="285" y="195" textAnchor="middle" fontSize="14" fontWeight="700" fill="#fff">
        2
      </text>
      <path d="M299 190 L338 172" stroke="#f76707" strokeWidth="2" strokeDasharray="4 4" />
      <rect x="338" y="130" width="118" height="84" rx="12" fill="#fff" stroke="#dee2e6" strokeWidth="2" />
      <rect x="352" y="146" width="70" height="9" rx="4" fill="#364fc7" />
      <rect x="352" y="164" width="90" height="7" rx="3" fill="#ced4da" />
      <rect x="352" y="178" width="80" height="7" rx="3" fill="#ced4da" />
      <rect x="352" y="192" width="56" height="7" rx="3" fill="#ced4da" />
      <path d="M380 62 a34 14 0 1 1 -10 -6" fill="none" stroke="#adb5bd" strokeWidth="2.5" />
      <polygon points="366,50 376,57 364,62" fill="#adb5bd" />
      <rect x="96" y="300" width="288" height="40" rx="20" fill="#212529" />
      <polygon points="132,311 132,329 147,320" fill="#fff" />
      <rect x="174" y="312" width="5" height="16" rx="2" fill="#fff" />
      <rect x="184" y="312" width="5" height="16" rx="2" fill="#fff" />
      <rect x="218" y="312" width="16" height="16" rx="3" fill="#fff" />
      <circle cx="271" cy="320" r="8" fill="none" stroke="#fff" strokeWidth="2.5" />
      <path
        d="M303 314 h22 M303 320 h22 M303 326 h14"
        stroke="#fff"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <circle cx="355" cy="320" r="9" fill="#4dabf7" />
    </svg>
  );
}
