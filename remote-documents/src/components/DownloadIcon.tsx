/** A download arrow. Decorative: the control that holds it carries the accessible name. */
export function DownloadIcon() {
  return (
    <svg className="docs-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 3v11m0 0-4.5-4.5M12 14l4.5-4.5M4 17v3h16v-3"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
