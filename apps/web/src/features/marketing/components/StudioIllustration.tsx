import classes from "./home.module.css";

/** Props of {@link StudioIllustration}. */
export interface StudioIllustrationProps {
  /** Accessible description, already translated. */
  label: string;
}

/** The studio drawn inline: sidebar, 3D canvas with a model, settings panel. */
export function StudioIllustration({ label }: StudioIllustrationProps) {
  return (
    <svg className={classes.illustration} viewBox="0 0 480 320" role="img" aria-label={label}>
      <rect x="8" y="8" width="464" height="304" rx="18" fill="#ffffff" stroke="#dee2e6" strokeWidth="2" />
      <rect x="8" y="8" width="86" height="304" rx="18" fill="#212529" />
      <rect x="76" y="8" width="18" height="304" fill="#212529" />
      {[44, 80, 116, 152, 188].map((y, i) => (
        <rect key={y} x="26" y={y} width="50" height="12" rx="6" fill={i === 0 ? "#5c7cfa" : "#495057"} />
      ))}
      <rect x="110" y="28" width="230" height="268" rx="12" fill="#f1f3f5" />
      <circle cx="225" cy="176" r="58" fill="#4c6ef5" />
      <ellipse cx="225" cy="176" rx="58" ry="18" fill="none" stroke="#91a7ff" strokeWidth="3" />
      <ellipse cx="205" cy="150" rx="16" ry="10" fill="#dbe4ff" opacity="0.8" />
      <ellipse cx="225" cy="250" rx="64" ry="10" fill="#ced4da" />
      <circle cx="262" cy="140" r="11" fill="#f76707" stroke="#fff" strokeWidth="3" />
      <rect x="356" y="28" width="100" height="268" rx="12" fill="#f8f9fa" stroke="#e9ecef" strokeWidth="2" />
      {[52, 104, 156, 208].map((y) => (
        <g key={y}>
          <rect x="370" y={y} width="54" height="8" rx="4" fill="#adb5bd" />
          <rect x="370" y={y + 20} width="72" height="6" rx="3" fill="#dee2e6" />
          <circle cx={370 + ((y * 7) % 60)} cy={y + 23} r="7" fill="#5c7cfa" />
        </g>
      ))}
    </svg>
  );
}
