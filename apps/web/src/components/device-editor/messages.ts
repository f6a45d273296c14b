import type { TFunction } from 'i18next';

/**
 * A checker message (English, from checkDeviceSpec / checkElectricalPart / the server's 4105
 * answer) in the user's language. The known shapes are translated; anything else is shown as the
 * checker wrote it, prefixed "invalid", so no information is lost.
 */
export function translateIssue(message: string, t: TFunction): string {
  const m = message.trim();
  if (m === 'missing' || /fewer than 1 characters/.test(m)) return t('editor.err.missing');
  if (/give both SRH lifetimes or neither/.test(m)) return t('editor.err.bothTau');
  if (/Schottky contact needs its work function/.test(m)) return t('editor.err.needWf');
  if (/electrical layers must be contiguous/.test(m)) return t('editor.err.contiguous');
  if (/goes away from stopV/.test(m)) return t('editor.err.sweepDirection');
  if (/points is too many/.test(m)) return t('editor.err.tooManyPoints');
  if (/no layer has an "electrical" object/.test(m)) return t('editor.err.noElectricalLayer');
  if (/are not adjacent electrical layers|is not a layer with electrical parameters/.test(m))
    return t('editor.err.notAdjacent');
  if (/^must be > 0/.test(m)) return t('editor.err.positive');
  if (/^must be >= 0$/.test(m)) return t('editor.err.nonNegative');
  const min = /^must be >= (\S+)$/.exec(m);
  if (min) return t('editor.err.min', { min: min[1] });
  if (/^must be integer/.test(m)) return t('editor.err.integer');
  if (/^missing: /.test(m)) return `${t('editor.err.missing')}: ${m.slice(9)}`;
  return t('editor.err.invalid', { msg: m });
}
