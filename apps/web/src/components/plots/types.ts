/** Shared plot types: every axis carries a label and a unit, shown as "label (unit)" everywhere. */
export type PlotAxis = {
  label: string;
  unit: string;
  log?: boolean;
  min?: number;
  max?: number;
  /** Item numbers (x axis): ticks on whole numbers, half an item of room at both ends for the markers. */
  integer?: boolean;
};

export type PlotSeries = {
  name: string;
  /** A second, smaller line under the name in the legend (and beside it in the CSV), e.g. what sets this run apart. */
  subtitle?: string;
  x: ArrayLike<number>;
  y: ArrayLike<number>;
  /** 1 = the right-hand axis (needs `y2` on the plot). */
  yAxis?: 0 | 1;
  /** Series with the same stack key are stacked (e.g. R + T + absorption per layer = 1). */
  stack?: string;
  area?: boolean;
  dashed?: boolean;
  /** Draw as steps (a quantity that switches, e.g. the light on/off). */
  step?: boolean;
  /** Arrows along the curve pointing the way it was traced (e.g. a J-V scan direction). */
  arrows?: boolean;
  /**
   * Markers only, no line: values of separate items (one per defect, per subcell), where a line
   * between them would draw a trend that does not exist.
   */
  points?: boolean;
};

/** An x range shaded behind the curves (e.g. the light switched off), with what it means. */
export type PlotShade = { from: number; to: number; label: string };

export type LinePlotProps = {
  testid: string;
  title: string;
  fileName: string;
  x: PlotAxis;
  y: PlotAxis;
  y2?: PlotAxis;
  series: PlotSeries[];
  height?: number;
  /** Offers a linear / log(|y|) switch for the left y axis. */
  logToggle?: boolean;
  /**
   * J-V curves (V, J): the plot opens on their power-producing region (jv-range.ts), with a switch
   * to the full range; the exported data are always the whole curves.
   */
  jv?: boolean;
  /** X ranges shaded behind the curves. */
  shade?: PlotShade[];
  /**
   * One scale on both axes (a Nyquist plot): the axes span the same range and the plot is square,
   * so that a semicircle looks like one.
   */
  equalAspect?: boolean;
};

export type HeatmapPlotProps = {
  testid: string;
  title: string;
  fileName: string;
  x: PlotAxis;
  y: PlotAxis;
  /** The colour-coded quantity. `log: true` colours by log10 of the value (cells <= 0 are left blank). */
  z: PlotAxis;
  /** Grid centres along x (length nx) and y (length ny). */
  xs: ArrayLike<number>;
  ys: ArrayLike<number>;
  /** values[iy][ix], ny rows of nx values. */
  values: ArrayLike<number>[];
  height?: number;
  /** Offers a linear / log switch for the colour scale. */
  logToggle?: boolean;
  /**
   * The axes span the outer cells whole (a few sweep points), instead of ending at the outer
   * centres (a profile that ends at the device's faces).
   */
  spanCells?: boolean;
  /**
   * Names of the cells along x and y (a matrix of named items, e.g. correlations of fitted
   * parameters by their symbols): each axis then has one tick a cell, labelled by its name, at
   * the centres `xs` / `ys` (0, 1, 2, ...), and the tooltip and the CSV name the cells too.
   */
  xNames?: readonly string[];
  yNames?: readonly string[];
};

export type WaterfallStep = {
  name: string;
  /** Signed change (a loss is negative) or, with `total`, the absolute level of a total bar. */
  value: number;
  total?: boolean;
};

export type WaterfallPlotProps = {
  testid: string;
  title: string;
  fileName: string;
  /** The value axis (e.g. { label: 'PCE', unit: '%' }). */
  y: PlotAxis;
  /** Label of the category column in the CSV. */
  categoryLabel?: string;
  steps: WaterfallStep[];
  height?: number;
};
