import type { ContactElectricalSpec, DeviceLayerSpec } from '@pvforge/contracts';
import { Typography } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { bandGeometry, stackGeometry } from './geometry';

const ROLE_COLOURS: Record<string, string> = {
  absorber: '#c0392b',
  etl: '#2e86de',
  htl: '#27ae60',
  electrode: '#7f8c8d',
  tco: '#9b59b6',
  buffer: '#f39c12',
  arc: '#1abc9c',
  passivation: '#16a085',
  substrate: '#bdc3c7',
  encapsulant: '#d5dbdb',
  other: '#95a5a6',
};

/**
 * The stack to scale (log scale when thick and thin layers meet), light entering from the top.
 * Memoised, as BandView: the editor re-renders around them on edits that do not touch the layers.
 */
export const StackView = memo(function StackView({
  layers,
  selected,
  onSelect,
}: {
  layers: readonly Pick<DeviceLayerSpec, 'name' | 'role' | 'thicknessNm'>[];
  selected?: number;
  onSelect?: (i: number) => void;
}) {
  const { t } = useTranslation();
  const W = 280;
  const H = 220;
  const top = 22;
  const { rects, log } = stackGeometry(layers, H - top);
  return (
    <figure className="dev-drawing" data-testid="stack-view" data-scale={log ? 'log' : 'linear'}>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={t('editor.draw.stack')}>
        <title>{t('editor.draw.stack')}</title>
        <g aria-hidden>
          {[60, 120, 180].map((x) => (
            <line key={x} x1={x} x2={x} y1={2} y2={top - 4} stroke="#f1c40f" strokeWidth={2} markerEnd="url(#arr)" />
          ))}
          <text x={196} y={14} fontSize={10} fill="#7f8c8d">
            {t('editor.draw.light')}
          </text>
        </g>
        <defs>
          <marker id="arr" markerWidth="6" markerHeight="6" refX="3" refY="3" orient="auto">
            <path d="M0,0 L6,3 L0,6 z" fill="#f1c40f" />
          </marker>
        </defs>
        {rects.map((r) => (
          // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; the layer list is the keyboard path
          <g
            key={`${r.index}-${r.name}`}
            onClick={() => onSelect?.(r.index)}
            style={{ cursor: onSelect ? 'pointer' : undefined }}
          >
            <rect
              x={40}
              y={top + r.y}
              width={140}
              height={Math.max(1, r.height - 1)}
              fill={ROLE_COLOURS[r.role] ?? '#95a5a6'}
              fillOpacity={r.index === selected ? 0.95 : 0.65}
              stroke={r.index === selected ? '#000' : 'none'}
              data-testid={`stack-rect-${r.index}`}
              data-height={r.height.toFixed(1)}
            />
            <text x={186} y={top + r.y + r.height / 2 + 4} fontSize={10} fill="#333">
              {r.name} · {r.thicknessNm >= 1e5 ? `${(r.thicknessNm / 1e6).toPrecision(3)} mm` : `${r.thicknessNm} nm`}
            </text>
          </g>
        ))}
      </svg>
      <figcaption>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {log ? t('editor.draw.logScale') : t('editor.draw.linearScale')}
        </Typography.Text>
      </figcaption>
    </figure>
  );
});

/** Flat-band alignment: Ec = -chi, Ev = -chi - Eg per electrical layer, contact work functions dashed. */
export const BandView = memo(function BandView({
  layers,
  contacts,
}: {
  layers: readonly Pick<DeviceLayerSpec, 'name' | 'electrical'>[];
  contacts?: { front?: ContactElectricalSpec; back?: ContactElectricalSpec };
}) {
  const { t } = useTranslation();
  const W = 320;
  const H = 220;
  const g = bandGeometry(layers, contacts, W, H);
  if (g.empty)
    return (
      <Typography.Text type="secondary" data-testid="band-empty">
        {t('editor.draw.bandEmpty')}
      </Typography.Text>
    );
  return (
    <figure className="dev-drawing" data-testid="band-view">
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={t('editor.draw.band')}>
        <title>{t('editor.draw.band')}</title>
        {g.ticks.map((e) => (
          <g key={e}>
            <line x1={30} x2={W - 30} y1={g.yOf(e)} y2={g.yOf(e)} stroke="#eee" />
            <text x={2} y={g.yOf(e) + 3} fontSize={9} fill="#888">
              {e.toFixed(1)}
            </text>
          </g>
        ))}
        {g.layers.map((l) => (
          <g key={l.index} data-testid={`band-layer-${l.index}`}>
            <line x1={l.x} x2={l.x + l.width} y1={l.yEc} y2={l.yEc} stroke="#2e86de" strokeWidth={2} />
            <line x1={l.x} x2={l.x + l.width} y1={l.yEv} y2={l.yEv} stroke="#c0392b" strokeWidth={2} />
            <rect x={l.x} y={l.yEc} width={l.width} height={Math.max(0, l.yEv - l.yEc)} fill="#f5f5f5" opacity={0.5} />
            <text x={l.x + l.width / 2} y={(l.yEc + l.yEv) / 2 + 3} fontSize={9} textAnchor="middle" fill="#555">
              {l.name.slice(0, 10)}
            </text>
            <text x={l.x + 2} y={l.yEc - 3} fontSize={8} fill="#2e86de">
              {l.ec.toFixed(2)}
            </text>
            <text x={l.x + 2} y={l.yEv + 9} fontSize={8} fill="#c0392b">
              {l.ev.toFixed(2)}
            </text>
          </g>
        ))}
        {g.contacts.map((c) =>
          c.y === undefined ? null : (
            <g key={c.side} data-testid={`band-contact-${c.side}`}>
              <line
                x1={c.side === 'front' ? c.x - 28 : c.x}
                x2={c.side === 'front' ? c.x : c.x + 28}
                y1={c.y}
                y2={c.y}
                stroke="#333"
                strokeDasharray="4 2"
                strokeWidth={2}
              />
              <text x={c.side === 'front' ? c.x - 28 : c.x + 2} y={c.y - 3} fontSize={8} fill="#333">
                {c.energy?.toFixed(2)}
              </text>
            </g>
          ),
        )}
      </svg>
      <figcaption>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('editor.draw.band')} · {t('editor.draw.energy')}
        </Typography.Text>
      </figcaption>
    </figure>
  );
});
