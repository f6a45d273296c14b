import type { Localized } from '../i18n.js';

/**
 * The n,k file a user uploads into the material library (docs/api/library.md, "Materials"):
 * two or three numeric columns (wavelength, n, k; k is 0 when absent) separated by commas, tabs,
 * semicolons or spaces, an optional header line, `#` comments, wavelengths strictly increasing
 * (an unsorted file is an error, it is never sorted silently: the order is how a user sees a
 * pasted-together or mis-exported file), n > 0, k >= 0, 2-20000 points. Pure: the server checks
 * uploads with it and the web uses it for the preview before uploading, so both say the same.
 */

export const NK_MIN_POINTS = 2;
export const NK_MAX_POINTS = 20_000;
/** Largest upload the server accepts (bytes); the web checks the same before sending. */
export const NK_FILE_MAX_BYTES = 2 * 1024 * 1024;
/** Without an explicit unit, a file whose wavelengths are all below this is read as micrometres. */
export const NK_UM_DETECT_BELOW = 30;
/** Errors reported at most: enough to fix a file in one go, bounded for a garbage upload. */
const MAX_ERRORS = 20;

export type NkUnit = 'nm' | 'um';

/** One problem of a file; `line` is 1-based, null for the file as a whole. */
export interface NkProblem {
  line: number | null;
  msg: Localized;
}

export interface NkTable {
  wavelengthNm: number[];
  n: number[];
  k: number[];
  points: number;
  rangeNm: [number, number];
  /** The unit the first column was read in, and how it was decided. */
  unit: NkUnit;
  unitFrom: 'given' | 'header' | 'detected';
  warnings: NkProblem[];
}

export type NkParseResult = { ok: true; table: NkTable } | { ok: false; errors: NkProblem[] };

/** A plain decimal number; hex, Infinity, NaN and empty strings, which Number() accepts, are not. */
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const SEPARATORS = /[,;\t ]+/;

const at = (line: number | null, zh: string, en: string): NkProblem => ({ line, msg: { 'zh-CN': zh, en } });
const lineZh = (line: number) => `第 ${line} 行：`;
const lineEn = (line: number) => `line ${line}: `;

/** Wavelength unit named in a header line ("wavelength (um)", "lambda_nm", "wl/µm"). */
function headerUnit(line: string): NkUnit | undefined {
  const c = line.toLowerCase();
  if (/(?:\bum\b|µm|μm|micron|_um\b|\(um\))/.test(c)) return 'um';
  if (/(?:\bnm\b|_nm\b|\(nm\)|nanomet)/.test(c)) return 'nm';
  return undefined;
}

/** um -> nm without binary noise (0.5 um -> 500 nm, not 500.00000000000006). */
const umToNm = (v: number) => Number((v * 1000).toPrecision(12));

/**
 * Parses an n,k file. `unit` given wins; otherwise a unit named in the header line; otherwise
 * micrometres when every wavelength is below 30, else nanometres. Errors name the line and the
 * problem in both languages; warnings (unit guessed, k absent, short range) do not stop the upload.
 */
export function parseNkFile(text: string, unit?: NkUnit): NkParseResult {
  const errors: NkProblem[] = [];
  const warnings: NkProblem[] = [];
  const push = (p: NkProblem) => {
    if (errors.length < MAX_ERRORS) errors.push(p);
  };
  if (text.includes('\u0000')) {
    return {
      ok: false,
      errors: [
        at(
          null,
          '这不是文本文件（含二进制内容），请上传 CSV 或 TXT 文件',
          'This is not a text file (it has binary content); upload a CSV or TXT file',
        ),
      ],
    };
  }
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const wl: number[] = [];
  const n: number[] = [];
  const k: number[] = [];
  const lineOf: number[] = [];
  let columns: 2 | 3 | undefined;
  let columnsLine = 0;
  let header: { line: number; unit: NkUnit | undefined } | undefined;
  let tooMany = false;

  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const content = (lines[i] ?? '').replace(/#.*$/, '').trim();
    if (!content) continue;
    const cells = content.split(SEPARATORS).filter((c) => c !== '');
    const numeric = cells.map((c) => NUMBER.test(c));
    if (!numeric.every(Boolean)) {
      // One header line is allowed, before the data, and only if it reads like words (a line of
      // numbers with one typo is a broken data line, not a header).
      const wordy = cells.some((c) => /[A-Za-zµμ\u4e00-\u9fff]/.test(c)) && numeric.filter(Boolean).length === 0;
      if (wl.length === 0 && !header && wordy) {
        header = { line: lineNo, unit: headerUnit(content) };
        continue;
      }
      const bad = cells[numeric.indexOf(false)] ?? '';
      const shown = bad.length > 20 ? `${bad.slice(0, 20)}…` : bad;
      push(
        at(
          lineNo,
          `${lineZh(lineNo)}“${shown}”不是数字（每行应为 波长, n[, k]）`,
          `${lineEn(lineNo)}"${shown}" is not a number (each line must be wavelength, n[, k])`,
        ),
      );
      continue;
    }
    if (cells.length < 2 || cells.length > 3) {
      push(
        at(
          lineNo,
          `${lineZh(lineNo)}有 ${cells.length} 列，应为 2 列（波长, n）或 3 列（波长, n, k）`,
          `${lineEn(lineNo)}has ${cells.length} columns; expected 2 (wavelength, n) or 3 (wavelength, n, k)`,
        ),
      );
      continue;
    }
    if (columns === undefined) {
      columns = cells.length as 2 | 3;
      columnsLine = lineNo;
    } else if (cells.length !== columns) {
      push(
        at(
          lineNo,
          `${lineZh(lineNo)}有 ${cells.length} 列，而第 ${columnsLine} 行有 ${columns} 列；所有数据行的列数必须相同`,
          `${lineEn(lineNo)}has ${cells.length} columns but line ${columnsLine} has ${columns}; every data line must have the same columns`,
        ),
      );
      continue;
    }
    const [w, nv, kv] = [Number(cells[0]), Number(cells[1]), cells[2] === undefined ? 0 : Number(cells[2])];
    let lineOk = true;
    if (!(w > 0)) {
      push(
        at(
          lineNo,
          `${lineZh(lineNo)}波长 ${cells[0]} 必须大于 0`,
          `${lineEn(lineNo)}wavelength ${cells[0]} must be > 0`,
        ),
      );
      lineOk = false;
    }
    if (!(nv > 0)) {
      push(
        at(
          lineNo,
          `${lineZh(lineNo)}折射率 n = ${cells[1]} 必须大于 0`,
          `${lineEn(lineNo)}refractive index n = ${cells[1]} must be > 0`,
        ),
      );
      lineOk = false;
    }
    if (kv < 0) {
      push(
        at(
          lineNo,
          `${lineZh(lineNo)}消光系数 k = ${cells[2]} 不能为负数`,
          `${lineEn(lineNo)}extinction coefficient k = ${cells[2]} must not be negative`,
        ),
      );
      lineOk = false;
    }
    if (![w, nv, kv].every(Number.isFinite)) {
      push(at(lineNo, `${lineZh(lineNo)}数值超出范围`, `${lineEn(lineNo)}a value is out of range`));
      lineOk = false;
    }
    const prev = wl.length ? wl[wl.length - 1]! : undefined;
    if (lineOk && prev !== undefined && w <= prev) {
      const prevLine = lineOf[lineOf.length - 1]!;
      push(
        at(
          lineNo,
          `${lineZh(lineNo)}波长 ${cells[0]} 不大于第 ${prevLine} 行的 ${prev}；波长必须严格递增（请按波长排序并删除重复行）`,
          `${lineEn(lineNo)}wavelength ${cells[0]} is not greater than ${prev} on line ${prevLine}; wavelengths must be strictly increasing (sort the file by wavelength and remove duplicates)`,
        ),
      );
      lineOk = false;
    }
    if (!lineOk) continue;
    if (wl.length >= NK_MAX_POINTS) {
      tooMany = true;
      break;
    }
    wl.push(w);
    n.push(nv);
    k.push(kv);
    lineOf.push(lineNo);
  }

  if (tooMany) {
    push(
      at(
        null,
        `数据点超过 ${NK_MAX_POINTS} 个，请减少采样点`,
        `More than ${NK_MAX_POINTS} data points; resample the table more coarsely`,
      ),
    );
  }
  if (errors.length) return { ok: false, errors };
  if (wl.length < NK_MIN_POINTS) {
    return {
      ok: false,
      errors: [
        at(
          null,
          wl.length === 0
            ? '文件中没有数据行（每行应为 波长, n[, k]）'
            : `只有 ${wl.length} 个数据点，至少需要 ${NK_MIN_POINTS} 个`,
          wl.length === 0
            ? 'The file has no data lines (each line must be wavelength, n[, k])'
            : `Only ${wl.length} data point; at least ${NK_MIN_POINTS} are needed`,
        ),
      ],
    };
  }

  let chosen: NkUnit;
  let unitFrom: NkTable['unitFrom'];
  const maxRaw = wl[wl.length - 1]!;
  if (unit) {
    chosen = unit;
    unitFrom = 'given';
  } else if (header?.unit) {
    chosen = header.unit;
    unitFrom = 'header';
  } else {
    chosen = maxRaw < NK_UM_DETECT_BELOW ? 'um' : 'nm';
    unitFrom = 'detected';
    if (chosen === 'um')
      warnings.push(
        at(
          null,
          `所有波长均小于 ${NK_UM_DETECT_BELOW}，已按微米（µm）读取`,
          `Every wavelength is below ${NK_UM_DETECT_BELOW}, so they were read as micrometres`,
        ),
      );
  }
  if (unitFrom === 'given' && header?.unit && header.unit !== unit) {
    warnings.push(
      at(
        header.line,
        `${lineZh(header.line)}表头标注的单位是 ${header.unit}，但按所选的 ${unit} 读取`,
        `${lineEn(header.line)}the header names ${header.unit} but the file was read in ${unit} as chosen`,
      ),
    );
  }
  if (chosen === 'nm' && maxRaw < NK_UM_DETECT_BELOW) {
    warnings.push(
      at(
        null,
        `所有波长均小于 ${NK_UM_DETECT_BELOW} nm，单位是否应为微米（µm）？`,
        `Every wavelength is below ${NK_UM_DETECT_BELOW} nm; should the unit be micrometres?`,
      ),
    );
  }
  const wavelengthNm = chosen === 'um' ? wl.map(umToNm) : wl;
  const rangeNm: [number, number] = [wavelengthNm[0]!, wavelengthNm[wavelengthNm.length - 1]!];
  if (columns === 2)
    warnings.push(
      at(null, '文件没有 k 列，k 取 0（无吸收）', 'The file has no k column; k is taken as 0 (no absorption)'),
    );
  if (rangeNm[0] > 300 || rangeNm[1] < 1200) {
    warnings.push(
      at(
        null,
        `数据范围 ${rangeNm[0]}–${rangeNm[1]} nm 未覆盖 300–1200 nm，超出范围的计算需要外推`,
        `The table covers ${rangeNm[0]}-${rangeNm[1]} nm, not all of 300-1200 nm; calculations outside it need extrapolation`,
      ),
    );
  }
  return {
    ok: true,
    table: { wavelengthNm, n, k, points: wavelengthNm.length, rangeNm, unit: chosen, unitFrom, warnings },
  };
}
