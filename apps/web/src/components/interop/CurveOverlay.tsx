import { LineChartOutlined } from '@ant-design/icons';
import type { ForeignCurve } from '@pvforge/interop';
import { App, Button, Space, Tag, Tooltip, Typography, Upload } from 'antd';
import { createContext, type ReactNode, useContext, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../i18n';
import type { PlotSeries } from '../plots/types';
import { type CurveKind, loadInterop, sourceFiles } from './files';

/**
 * Curves another tool wrote (SCAPS .iv/.qe/.cv/.cf, SimSS's J-V), overlaid dashed on the plots of
 * a result or a comparison. The page holds the list; each plot asks for the curves of its kind in
 * its own unit, so the overlay is part of what the plot draws and exports (PNG, SVG, CSV).
 */
export const OverlayContext = createContext<readonly ForeignCurve[]>([]);

export function OverlayProvider({ curves, children }: { curves: readonly ForeignCurve[]; children: ReactNode }) {
  return <OverlayContext.Provider value={curves}>{children}</OverlayContext.Provider>;
}

/**
 * A foreign curve in a plot's unit: `scale` multiplies its y (the interop package gives C in
 * nF/cm²; a plot of C in F/cm² asks with 1e-9).
 */
export function overlaySeries(curves: readonly ForeignCurve[], kind: CurveKind, scale = 1): PlotSeries[] {
  return curves
    .filter((c) => c.kind === kind)
    .map((c) => ({ name: c.label, x: c.x, y: scale === 1 ? c.y : c.y.map((v) => v * scale), dashed: true }));
}

/** The overlaid curves of one kind, for the plot that shows that kind. */
export function useOverlay(kind: CurveKind, scale = 1): PlotSeries[] {
  const curves = useContext(OverlayContext);
  return useMemo(() => overlaySeries(curves, kind, scale), [curves, kind, scale]);
}

/**
 * The button that reads the files and the list of overlaid curves (each removable). `kinds` are the
 * plots this page has: a curve of another kind is refused with the reason.
 */
export function CurveOverlayControl({
  curves,
  onChange,
  kinds,
  testid = 'curve-overlay',
}: {
  curves: readonly ForeignCurve[];
  onChange: (c: ForeignCurve[]) => void;
  kinds: readonly CurveKind[];
  testid?: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const batch = useRef<readonly File[] | null>(null);
  const read = async (files: readonly File[]) => {
    try {
      const [interop, sources] = await Promise.all([loadInterop(), sourceFiles(files)]);
      const added: ForeignCurve[] = [];
      for (const f of sources) {
        const found = interop.readForeignCurves(f);
        if (found.curves.length === 0) {
          // why (too large, binary at a line, no known format) in the UI's language
          const why = found.error
            ? interop.wordInterop(found.error, currentLang())
            : t('interop.curve.none', { file: f.name });
          message.error(why);
          continue;
        }
        for (const c of found.curves) {
          if (kinds.includes(c.kind)) added.push(c);
          else message.warning(t('interop.curve.noPlot', { file: f.name, kind: t(`interop.curve.kind.${c.kind}`) }));
        }
      }
      if (added.length) {
        // a file loaded again replaces its earlier curves
        const labels = new Set(added.map((c) => c.label));
        onChange([...curves.filter((c) => !labels.has(c.label)), ...added]);
        message.success(t('interop.curve.added', { count: added.length, names: added.map((c) => c.label).join(', ') }));
      }
    } catch (e) {
      message.error(t('interop.import.failed', { msg: e instanceof Error ? e.message : String(e) }));
    }
  };
  return (
    <Space size={4} wrap data-testid={testid}>
      <Upload
        multiple
        showUploadList={false}
        accept=".iv,.qe,.cv,.cf,.txt,.dat,.csv,.zip"
        beforeUpload={(_f, list) => {
          if (batch.current !== list) {
            batch.current = list;
            void read(list);
          }
          return false;
        }}
      >
        <Tooltip title={t('interop.curve.hint')}>
          <Button icon={<LineChartOutlined />} data-testid={`${testid}-add`}>
            {t('interop.curve.button')}
          </Button>
        </Tooltip>
      </Upload>
      {curves.length > 0 && <Typography.Text type="secondary">{t('interop.curve.list')}</Typography.Text>}
      {curves.map((c) => (
        <Tag
          key={c.label}
          closable
          closeIcon
          onClose={() => onChange(curves.filter((x) => x !== c))}
          data-testid={`${testid}-item`}
          title={t('interop.curve.remove')}
        >
          {c.label} · {t(`interop.curve.kind.${c.kind}`)}
        </Tag>
      ))}
    </Space>
  );
}
