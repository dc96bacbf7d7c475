// A QR code drawn from its modules (rows of 1 dark, 0 light), as SVG: the page fetches no image and
// the key never leaves the portal for a QR service.
const QUIET_ZONE = 2;

export function QrCode({ rows, label }: { rows: string[]; label: string }) {
  const size = rows.length + 2 * QUIET_ZONE;
  const path = rows.flatMap((row, y) => [...row].map((cell, x) => (cell === '1' ? `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z` : ''))).join('');
  return (
    <svg className="profile-security__qr" role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} width="200" height="200" shapeRendering="crispEdges">
      <rect className="profile-security__qr-light" width={size} height={size} />
      <path className="profile-security__qr-dark" d={path} />
    </svg>
  );
}
