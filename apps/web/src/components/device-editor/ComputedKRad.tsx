import { wordEngineMessage } from '@pvforge/contracts';
import {
  type ElectricalDeviceSpecLike,
  kRadAbsorptionIssue,
  type LayerKRad,
  layerKRadFromAbsorption,
} from '@pvforge/engine/spec-check';
import { Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataBaseUrl } from '../../api/editor';
import { paramAt } from '../../lib/params';
import { useEditorRead, useEditorSelect } from './context';
import { formatNumber } from './fields';
import { loadDeviceAssets } from './preview/browser-assets';

type Outcome = { kind: 'pending' } | { kind: 'done'; r: LayerKRad | undefined } | { kind: 'failed' };

/**
 * A layer's radiative coefficient as a run will take it from the layer's absorption (kRadFrom:
 * 'absorption'): the engine's own computation (device/radiative-absorption.ts), on the layer's
 * optics as the editor holds it; a library n,k table is fetched first (the preview's data source).
 * Shown read-only with its unit in place of the input, or the check's words when the optics cannot
 * give it.
 */
export function ComputedKRad({ index }: { index: number }) {
  const { t, i18n } = useTranslation();
  // this layer and the temperature alone, so that an edit elsewhere does not re-render it
  const layer = useEditorSelect((c) => (c.state as unknown as ElectricalDeviceSpecLike).layers[index]);
  const temperatureK = useEditorSelect((c) => c.state.electrical?.temperatureK);
  const spec = useEditorRead()().state as unknown as ElectricalDeviceSpecLike;
  // only what the value depends on: this layer's optics and gap, and the temperature
  const key = JSON.stringify([
    layer?.name,
    layer?.optical,
    layer?.electrical?.egEV,
    layer?.electrical?.ncCm3,
    layer?.electrical?.nvCm3,
    temperatureK,
  ]);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is what the value depends on
  useEffect(() => {
    let live = true;
    const one: ElectricalDeviceSpecLike = {
      ...spec,
      // only this layer's table is fetched, and no spectrum (a monochromatic line needs none)
      layers: spec.layers.map((l, j) => (j === index ? l : { ...l, optical: { kind: 'constant', n: 1, k: 0 } })),
      ambient: { kind: 'constant', n: 1, k: 0 },
      substrate: { kind: 'constant', n: 1, k: 0 },
      illumination: { spectrum: { kind: 'monochromatic', wavelengthNm: 500, irradianceWm2: 1 } },
    };
    const compute = async () => {
      const needsTable = layer?.optical?.kind === 'table';
      const assets = needsTable ? await loadDeviceAssets(one, dataBaseUrl()) : undefined;
      return layerKRadFromAbsorption(one, index, assets);
    };
    setOutcome({ kind: 'pending' });
    compute().then(
      (r) => live && setOutcome({ kind: 'done', r }),
      // a table that cannot be fetched or read (offline, a malformed inline table the check names)
      () => live && setOutcome({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [key, index]);

  const lang = i18n.language === 'en' ? 'en' : 'zh-CN';
  if (outcome.kind === 'pending')
    return <Typography.Text type="secondary">{t('editor.el.kRadComputing')}</Typography.Text>;
  if (outcome.kind === 'failed') return <Typography.Text type="danger">{t('editor.el.kRadFailed')}</Typography.Text>;
  if (!outcome.r) return <Typography.Text type="secondary">{t('editor.el.kRadNeedsGap')}</Typography.Text>;
  const refused = kRadAbsorptionIssue(spec, index, outcome.r);
  if (refused || !('kRadCm3PerS' in outcome.r))
    return <Typography.Text type="danger">{refused ? wordEngineMessage(refused.message, lang) : ''}</Typography.Text>;
  return (
    <>
      <Input
        readOnly
        variant="filled"
        value={formatNumber(Number(outcome.r.kRadCm3PerS.toPrecision(3)))}
        suffix={<span className="dev-unit">{paramAt('layers[].electrical.kRadCm3PerS')?.unit}</span>}
        data-testid={`computed-krad-${index}`}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('editor.el.kRadComputedNote')}
      </Typography.Text>
      {outcome.r.belowGapShare > 0.5 && (
        // most of the emission below the gap entered: the gap may lie above the data's edge, which
        // changes k_rad (by exp(dEg/kT)) but not the layer's radiative current
        <Typography.Text type="warning" style={{ fontSize: 12, display: 'block' }} data-testid={`krad-subgap-${index}`}>
          {t('editor.el.kRadBelowGap', { share: Math.round(100 * outcome.r.belowGapShare) })}
        </Typography.Text>
      )}
    </>
  );
}
