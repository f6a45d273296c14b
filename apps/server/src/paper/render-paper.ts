import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ValidationCaseReport, ValidationReport } from '@pvforge/contracts';
import PDFDocument from 'pdfkit';
import { type Block, inlineSegments, parseMarkdown } from './markdown-blocks.js';

/**
 * The platform paper as a PDF (pdfkit, pure JavaScript): title and abstract, the validation table
 * and overlay figures of the report the engine produced at build time, then the physics notes of
 * docs/physics (models, equations, numerical methods, references) as written. English only: the
 * DejaVu fonts (npm package dejavu-fonts-ttf) cover Latin, Greek and the mathematical symbols the
 * notes use, not Chinese.
 */
export interface PaperInput {
  version: string;
  /** ISO date (YYYY-MM-DD) printed on the title page. */
  date: string;
  report: ValidationReport;
  /** The physics notes in reading order: file name (for the record) and Markdown text. */
  chapters: { file: string; markdown: string }[];
}

const KIND_NAMES: Record<string, string> = {
  'optics-tmm': 'Optics, transfer matrix',
  'circuit-sdm': 'Single-diode model',
  'circuit-2dm': 'Two-diode model',
  'circuit-fit': 'Single-diode fit',
  'circuit-mdm': 'Modified-diode split',
  'dd-jv': 'Drift-diffusion J-V',
  'dd-impedance': 'Drift-diffusion impedance',
};

const SOURCE_NAMES: Record<string, string> = {
  tmm: 'tmm (Python)',
  pvlib: 'pvlib-python',
  pvmismatch: 'PVMismatch',
  scaps: 'SCAPS-1D',
  simsalabim: 'SIMsalabim',
  ionmonger: 'IonMonger',
  analytic: 'Analytic formulas',
  other: 'Other',
};

const MARGIN = 56;
const BODY = 9.5;

function fontFiles(): { regular: string; bold: string; mono: string } {
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  return {
    regular: join(dir, 'DejaVuSans.ttf'),
    bold: join(dir, 'DejaVuSans-Bold.ttf'),
    mono: join(dir, 'DejaVuSansMono.ttf'),
  };
}

/** "5.8e-9", "0.452": the deviation as a multiple of the tolerance. */
export function ratioText(r: number | null): string {
  if (r === null) return '-';
  if (r === 0) return '0';
  return r < 1e-3 || r >= 1e4 ? r.toExponential(1) : r.toPrecision(3);
}

export function renderPaper(input: PaperInput): Promise<Buffer> {
  const fonts = fontFiles();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    info: {
      Title: 'PVForge: models, numerical methods and validation',
      Author: 'The PVForge developers',
      Subject: `PVForge platform paper, version ${input.version}`,
      Keywords: 'photovoltaics; transfer matrix; drift-diffusion; equivalent circuit; validation',
    },
    bufferPages: true,
  });
  doc.registerFont('body', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  doc.registerFont('mono', fonts.mono);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN;
  const ensure = (h: number) => {
    if (doc.y + h > bottom()) doc.addPage();
  };

  // One font per paragraph: pdfkit's `continued` text breaks the line after a font change, so code
  // spans and bold lose their styling rather than the paragraph its flow.
  const inline = (text: string, opts: { size?: number; indent?: number; bold?: boolean } = {}) => {
    const plain = inlineSegments(text)
      .map((s) => s.text)
      .join('');
    if (!plain) return;
    const indent = opts.indent ?? 0;
    doc
      .font(opts.bold ? 'bold' : 'body')
      .fontSize(opts.size ?? BODY)
      .text(plain, MARGIN + indent, undefined, { width: width - indent });
    doc.x = MARGIN;
  };

  const table = (rows: string[][], size = 7.5) => {
    const n = Math.max(...rows.map((r) => r.length));
    doc.font('body').fontSize(size);
    const natural = Array.from({ length: n }, (_, j) =>
      Math.min(220, Math.max(30, ...rows.map((r) => doc.widthOfString(r[j] ?? '') + 8))),
    );
    const total = natural.reduce((a, b) => a + b, 0);
    const widths = natural.map((w) => (w / total) * width);
    const drawRow = (r: string[], head: boolean) => {
      doc.font(head ? 'bold' : 'body').fontSize(size);
      const h = Math.max(...widths.map((w, j) => doc.heightOfString(r[j] ?? '', { width: w - 6 }))) + 5;
      if (doc.y + h > bottom()) {
        doc.addPage();
        if (!head) drawRow(rows[0]!, true);
      }
      const y = doc.y;
      let x = MARGIN;
      widths.forEach((w, j) => {
        doc.text((r[j] ?? '').replace(/`/g, ''), x + 3, y + 2.5, { width: w - 6 });
        x += w;
      });
      doc
        .moveTo(MARGIN, y + h)
        .lineTo(MARGIN + width, y + h)
        .lineWidth(head ? 0.8 : 0.3)
        .strokeColor('#888')
        .stroke();
      doc.x = MARGIN;
      doc.y = y + h;
    };
    rows.forEach((r, i) => {
      drawRow(r, i === 0);
    });
    doc.moveDown(0.6);
  };

  const blocks = (bs: Block[], headingShift: number) => {
    for (const b of bs) {
      switch (b.type) {
        case 'heading': {
          const level = b.level + headingShift;
          const size = level <= 1 ? 16 : level === 2 ? 12.5 : 10.5;
          ensure(size * 4);
          doc.moveDown(level <= 1 ? 0.2 : 0.6);
          inline(b.text.replace(/`/g, ''), { size, bold: true });
          doc.moveDown(0.3);
          break;
        }
        case 'paragraph':
          inline(b.text);
          doc.moveDown(0.45);
          break;
        case 'item':
          doc
            .font('body')
            .fontSize(BODY)
            .text('•', MARGIN + 8 + b.depth * 14, doc.y, { continued: false });
          doc.moveUp();
          inline(b.text, { indent: 20 + b.depth * 14 });
          doc.moveDown(0.2);
          break;
        case 'code':
          ensure(b.lines.length * 11 + 6);
          doc.font('mono').fontSize(8);
          for (const l of b.lines) doc.text(l, MARGIN + 14, undefined, { width: width - 14 });
          doc.x = MARGIN;
          doc.moveDown(0.45);
          break;
        case 'table':
          table(b.rows);
          break;
      }
    }
  };

  // Title page
  doc.moveDown(6);
  doc.font('bold').fontSize(22).text('PVForge', { align: 'center' });
  doc.moveDown(0.4);
  doc
    .font('body')
    .fontSize(14)
    .text('An open-source platform for photovoltaic device simulation:', { align: 'center' });
  doc.text('models, numerical methods and validation', { align: 'center' });
  doc.moveDown(1.5);
  doc.fontSize(11).text(`Version ${input.version} · ${input.date}`, { align: 'center' });
  doc.moveDown(3);
  const r = input.report;
  inline(
    `**Abstract.** PVForge simulates solar cells in the browser: the optics of layered devices by the transfer-matrix method, the electrical behaviour by a one-dimensional drift-diffusion solver (with mobile ions, transients and small-signal impedance), and measured or simulated J-V curves by equivalent-circuit models and fits. This paper is generated from the platform's repository at build time: the chapters are the physics notes shipped with the code, and the validation section is the result of running engine version ${r.engineVersion} on all ${r.cases.length} public benchmark cases against independent references (tmm, pvlib-python, PVMismatch, SCAPS-1D, SIMsalabim, IonMonger and analytic formulas): ${r.passed} passed, ${r.failed} failed.`,
  );
  doc.moveDown(0.8);
  inline(
    'How to cite: cite this paper with its version and date, and name the engine version that computed your results (shown with every calculation on the platform).',
  );

  // Validation
  doc.addPage();
  blocks(
    [
      { type: 'heading', level: 1, text: '1. Validation against independent references' },
      {
        type: 'paragraph',
        text: `Every public benchmark case (pv-bench/1 format, published with the code) was run by engine version ${r.engineVersion} on ${r.generatedAt.slice(0, 10)}. A case passes when every compared value lies within the tolerance written in the case file. The column "worst deviation" gives the largest |engine − reference| as a multiple of the allowed deviation over all of the case's checks (1 = at the tolerance). Table 1 lists the cases; the figures after it overlay the engine's curves (solid) on the reference (dashed).`,
      },
    ],
    0,
  );
  const rows: string[][] = [
    ['Case', 'Kind', 'Reference', 'Checks', 'Worst deviation (× tolerance)', 'Result'],
    ...r.cases.map((c) => [
      c.id,
      KIND_NAMES[c.kind] ?? c.kind,
      SOURCE_NAMES[c.source] ?? c.source,
      String(c.checkCount),
      ratioText(c.worstRatio),
      c.pass ? 'pass' : 'FAIL',
    ]),
  ];
  doc.font('bold').fontSize(9).text('Table 1. Public benchmark cases and the engine’s results.');
  doc.moveDown(0.3);
  table(rows, 7.5);
  figures(doc, r.cases, width, bottom);

  // The physics notes
  input.chapters.forEach((ch, i) => {
    doc.addPage();
    const bs = parseMarkdown(ch.markdown);
    const first = bs[0];
    if (first?.type === 'heading' && first.level === 1) first.text = `${i + 2}. ${first.text.replace(/`/g, '')}`;
    blocks(bs, 0);
  });

  // page numbers
  const range = doc.bufferedPageRange();
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    // the footer sits in the bottom margin: without this pdfkit would break to a new page
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    doc
      .font('body')
      .fontSize(8)
      .fillColor('#666')
      .text(`PVForge ${input.version} · ${input.date} · ${p + 1}`, MARGIN, doc.page.height - MARGIN + 16, {
        width,
        align: 'center',
        lineBreak: false,
      });
    doc.fillColor('black');
    doc.page.margins = margins;
  }
  doc.end();
  return done;
}

const AXES: Record<string, { x: string; y: string }> = {
  spectra: { x: 'wavelength (nm)', y: 'R, T (%)' },
  jv: { x: 'voltage (V)', y: 'J (mA/cm²)' },
  nyquist: { x: "Z' (Ω cm²)", y: "−Z'' (Ω cm²)" },
  parity: { x: 'reference J (mA/cm²)', y: 'engine J (mA/cm²)' },
};

/** Overlay figures, six to a page: engine solid (blue), reference dashed (orange). */
function figures(doc: PDFKit.PDFDocument, cases: ValidationCaseReport[], width: number, bottom: () => number) {
  const cols = 2;
  const w = (width - 20) / cols;
  const h = 170;
  doc.addPage();
  doc
    .font('bold')
    .fontSize(9)
    .text('Figure 1. Engine (solid, blue) against reference (dashed, orange) for every public case.');
  doc.moveDown(0.5);
  // text calls move doc.y: each row of plots is placed from its own top
  let rowY = doc.y;
  let k = 0;
  for (const c of cases) {
    if (!c.plot) continue;
    const col = k % cols;
    if (col === 0 && k > 0) rowY += h + 24;
    if (col === 0 && rowY + h > bottom()) {
      doc.addPage();
      rowY = doc.y;
    }
    miniPlot(doc, c, MARGIN + col * (w + 20), rowY, w, h);
    k++;
  }
  doc.y = rowY + h + 24;
  doc.x = MARGIN;
}

function miniPlot(doc: PDFKit.PDFDocument, c: ValidationCaseReport, x0: number, y0: number, w: number, h: number) {
  const plot = c.plot!;
  const scale = plot.kind === 'spectra' ? 100 : 1;
  const series = plot.series.filter((s) => plot.kind !== 'spectra' || s.quantity !== 'A');
  const px = { l: x0 + 38, r: x0 + w - 6, t: y0 + 14, b: y0 + h - 22 };
  const xs = series.flatMap((s) => s.x);
  const ys = series.flatMap((s) => s.y.map((v) => v * scale));
  if (plot.kind === 'parity') {
    // one scale on both axes, so that the line of agreement is the diagonal
    const all = [...xs, ...ys];
    xs.splice(0, xs.length, ...all);
    ys.splice(0, ys.length, ...all);
  }
  let [xmin, xmax, ymin, ymax] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  if (xmax === xmin) xmax = xmin + 1;
  if (ymax === ymin) ymax = ymin + 1;
  const pad = (ymax - ymin) * 0.05;
  ymin -= pad;
  ymax += pad;
  const X = (v: number) => px.l + ((v - xmin) / (xmax - xmin)) * (px.r - px.l);
  const Y = (v: number) => px.b - ((v - ymin) / (ymax - ymin)) * (px.b - px.t);
  doc.font('bold').fontSize(7.5).fillColor('black').text(c.id, x0, y0, { width: w, lineBreak: false });
  doc
    .rect(px.l, px.t, px.r - px.l, px.b - px.t)
    .lineWidth(0.5)
    .strokeColor('#444')
    .stroke();
  doc.font('body').fontSize(6);
  const tick = (v: number) =>
    Math.abs(v) >= 1e4 || (Math.abs(v) < 1e-2 && v !== 0) ? v.toExponential(1) : String(Number(v.toPrecision(3)));
  doc.text(tick(xmin), px.l - 10, px.b + 2, { width: 40, lineBreak: false });
  doc.text(tick(xmax), px.r - 30, px.b + 2, { width: 30, align: 'right', lineBreak: false });
  doc.text(tick(ymax), x0, px.t - 2, { width: 36, align: 'right', lineBreak: false });
  doc.text(tick(ymin), x0, px.b - 6, { width: 36, align: 'right', lineBreak: false });
  const ax = AXES[plot.kind]!;
  doc.text(ax.x, px.l, px.b + 10, { width: px.r - px.l, align: 'center', lineBreak: false });
  doc.save();
  doc.rotate(-90, { origin: [x0 + 6, (px.t + px.b) / 2] });
  doc.text(ax.y, x0 + 6 - 50, (px.t + px.b) / 2 - 3, { width: 100, align: 'center', lineBreak: false });
  doc.restore();
  doc.save();
  doc.rect(px.l, px.t, px.r - px.l, px.b - px.t).clip();
  if (plot.kind === 'parity') {
    doc.moveTo(X(xmin), Y(xmin)).lineTo(X(xmax), Y(xmax)).dash(2, { space: 2 }).strokeColor('#999').stroke().undash();
  }
  for (const s of series) {
    if (s.x.length === 0) continue;
    const ref = s.origin === 'reference';
    if (plot.kind === 'parity') {
      s.x.forEach((x, i) => {
        doc.circle(X(x), Y(s.y[i]!), 1.6).fillColor('#1f5fbf').fill();
      });
      continue;
    }
    doc.moveTo(X(s.x[0]!), Y(s.y[0]! * scale));
    for (let i = 1; i < s.x.length; i++) doc.lineTo(X(s.x[i]!), Y(s.y[i]! * scale));
    doc.lineWidth(ref ? 1 : 0.9).strokeColor(ref ? '#e07b00' : '#1f5fbf');
    if (ref) doc.dash(2.5, { space: 2 });
    doc.stroke();
    doc.undash();
  }
  doc.restore();
  doc.strokeColor('black').fillColor('black');
}
