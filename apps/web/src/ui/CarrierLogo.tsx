import { carrierByKey } from '@despacho/domain';

const WIDTH = 120;
const HEIGHT = 40;

/**
 * The carrier's wordmark as we draw it: a rounded rectangle in the carrier's colour with its name.
 * Our own simple drawing, not the carrier's trademark artwork. Decorative: the name is next to it.
 */
export function CarrierLogo({ carrierKey }: { carrierKey: string }) {
  const carrier = carrierByKey(carrierKey);
  if (!carrier) return null;
  const { background, foreground } = carrier.logo;
  const fontSize = carrier.name.length > 11 ? 12 : carrier.name.length > 9 ? 13 : 16;
  return (
    <svg
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      aria-hidden="true"
      focusable="false"
      data-carrier-logo={carrier.key}
    >
      <rect width={WIDTH} height={HEIGHT} rx={10} fill={background} />
      <text
        x={WIDTH / 2}
        y={HEIGHT / 2}
        textAnchor="middle"
        dominantBaseline="central"
        fill={foreground}
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
        fontSize={fontSize}
        fontWeight={800}
      >
        {carrier.name}
      </text>
    </svg>
  );
}
