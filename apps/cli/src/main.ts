#!/usr/bin/env node
import { parseArgs } from 'node:util';
import type { CliLang } from './commands/check.js';

// Each command imports its own code when it runs (the engine, the schemas, exceljs, worker
// threads): `--help` loads nothing and `version` only the two version constants, so the process
// starts about as fast as Node itself.

const HELP = `PVForge command line

Usage: pvforge <command> [options]      (in a clone: npx pvforge, or npm run -s pvforge --)

Commands:
  version                      print the PVForge, engine and Node.js versions
  validate <file|dir>...       run benchmark cases (pv-bench/1, see assets/validation/FORMAT.md)
                               and compare with their expected values; exits 1 if any fails
      --json                   print the results as JSON
      --verbose                list every check, not only the failing ones
  check <device.json>          checks a DeviceSpec as the server does before it queues a
                               calculation, without running it: every refused value and every
                               warning, with the parameter registry's words; exits 2 if refused
      --lang en|zh             language of the words (default en)
      --json                   print {ok, errors, warnings} as JSON
  run <device.json>            simulates a DeviceSpec (schemaVersion 1, or a library export with
                               its references): optics (R, T, A per layer, photocurrents, EQE,
                               G(x)), written as JSON, and,
                               with an "electrical" block, drift-diffusion of the layers that have
                               electrical parameters, G(x) from the optics in the same run (or
                               uniform, beer-lambert, dark): light/dark J-V, Jsc, Voc, FF, PCE,
                               profiles, EQE/IQE; a summary on stderr
  run <job.json>               a circuit job: {"kind": "simulate-sdm" | "simulate-2dm" |
                               "simulate-modified" | "fit" | "losses" | "detailed-balance", ...}
      --out <file>             write the JSON to a file instead of stdout
      --lang en|zh             language of a refused device's problems (default en)
      --points <n>             G(x) sample points per layer (default 101)
      --spectrum <file.csv>    user spectrum replacing the device's (header states units, e.g.
                               wavelength_nm,irradiance_W_m2_nm)
  fit <curve.csv|txt|iv|xlsx>  fit a measured J-V with the single- (sdm) or two-diode (2dm) model;
                               parameters with confidence intervals on stderr, the result as JSON
      --model sdm|2dm          (default sdm)
      --temperature <K>        (default 300)
      --voltage-unit V|mV      override the detected unit (likewise --current-unit
                               A|mA|A/cm2|mA/cm2, with --area <cm2> for A or mA)
      --sign auto|as-is|flip   sign convention of the current (default auto: generation positive)
      --out <file>             write the JSON to a file instead of stdout
  fit-device <device.json>     fit drift-diffusion parameters of a device to measured curves: a
                               global start, then bounded Levenberg-Marquardt on the engine's own
                               J-V, 95 % intervals (profile likelihood) and what the data cannot
                               determine; the same fit as the platform's
      --curves <curves.json>   [{"file": "light.csv", "kind": "jv", "intensitySuns": 1,
                               "noiseMaCm2": 0.02}, {"file": "dark.csv", "intensitySuns": 0,
                               "noiseRel": 0.01}, ...]: files relative to it, a header line, V in
                               V and J in mA/cm2 with the photocurrent positive (units in the
                               header, "voltageUnit", "currentUnit" or "sign" override); SCAPS .iv
                               and SimSS J-V outputs are read as those tools write them; an
                               EQE spectrum: {"file": "eqe.csv", "kind": "eqe", "noisePercent":
                               0.5}, wavelength (nm) and EQE (%) columns, at short circuit
                               without bias light unless "biasLightSuns" (0-2) and "biasV" (V)
                               say otherwise; a C-V: {"file":
                               "cv.csv", "kind": "cv", "frequencyHz": 1e4, "noiseRel": 0.01}, bias
                               (V) and capacitance columns; a C-f: {"file": "cf.csv", "kind":
                               "cf", "biasV": 0}, frequency (Hz) and capacitance columns (the
                               capacitance's unit from the header or the values, nF/cm2 meant;
                               "capacitanceUnit" overrides, "areaCm2" for F/nF/pF of the cell)
      --free <free.json>       [{"path": "layers[2].electrical.muNCm2PerVs", "min": 1e-4,
                               "max": 0.1, "scale": "log"}, {"path": "...muPCm2PerVs", "tie":
                               "layers[2].electrical.muNCm2PerVs"}, ...]; bounds default to the
                               parameter registry's plausible range
      --out <result.json>      parameters (value, low, high, identifiable), the fitted device,
                               chi-square and residuals per curve (required)
      --workers <n>            worker threads for the forward runs (default: all cores)
      --max-evaluations <n>    budget of forward runs (default 600)
      --max-seconds <s>        budget of wall-clock time (default 600)
      --seed <n>               seed of the start design (default 1)
      --lang en|zh             language of the problems and statements (default en)
  import <file>                a SCAPS-1D .def (its .abs files found beside it) or a SIMsalabim
                               simulation_setup.txt (the files it names found beside it) to a
                               DeviceSpec; prints the report: how many values were mapped,
                               approximated, refused or not used, then each one that was not
                               simply mapped, with its file:line and the reason; exits 2, naming
                               the file and line, when the files are refused (nothing written)
      --out <device.json>      where to write the DeviceSpec (required)
      --lang en|zh             language of the report (default en)
      --json                   print {ok, report, warnings} as JSON
  export <device.json>         writes a DeviceSpec as the other tool's files and lists what that
                               tool cannot express
      --scaps | --simsalabim   the tool: a SCAPS .def (with .abs files), or SIMsalabim's
                               simulation_setup.txt with its layer files
      --out <dir>              the folder to write into (required)
      --lang en|zh             language of the list (default en)
      --json                   print {tool, files, items} as JSON
  help, --help, -h             show this help

Examples:
  npx pvforge validate assets/validation/cases/optics
  npx pvforge validate assets/validation/cases --json > results.json
  npx pvforge check device.json --lang zh
  npx pvforge run device.json --out result.json
  npx pvforge fit measured-jv.xlsx --area 0.09
  npx pvforge fit-device cell.device.json --curves curves.json --free free.json --out fit.json
  npx pvforge import cell.def --out cell.device.json --lang zh
  npx pvforge export --simsalabim cell.device.json --out cell-simsalabim
`;

/** The --lang option: English unless zh (zh-CN) is asked for. */
function langOf(v: string | undefined): CliLang | undefined {
  if (v === undefined || v === 'en') return 'en';
  if (v === 'zh' || v === 'zh-CN') return 'zh';
  return undefined;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(HELP);
    return 0;
  }
  if (command === 'version' || command === '--version' || command === '-v') {
    const [{ PVFORGE_VERSION }, { ENGINE_VERSION }] = await Promise.all([
      import('@pvforge/contracts/version'),
      import('@pvforge/engine'),
    ]);
    process.stdout.write(`pvforge ${PVFORGE_VERSION}\nengine ${ENGINE_VERSION}\nnode ${process.version}\n`);
    return 0;
  }
  if (command === 'validate') {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { json: { type: 'boolean', default: false }, verbose: { type: 'boolean', default: false } },
    });
    if (positionals.length === 0) {
      process.stderr.write('validate: give at least one case file or directory\n');
      return 2;
    }
    const { runValidate } = await import('./commands/validate.js');
    return runValidate(positionals, { json: values.json ?? false, verbose: values.verbose ?? false });
  }
  if (command === 'check') {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { lang: { type: 'string', default: 'en' }, json: { type: 'boolean', default: false } },
    });
    const lang = langOf(values.lang);
    if (positionals.length !== 1 || !lang) {
      process.stderr.write('check: give one device JSON file (and --lang en or zh)\n');
      return 2;
    }
    const { runCheck } = await import('./commands/check.js');
    return runCheck(positionals[0]!, { lang, json: values.json ?? false });
  }
  if (command === 'run') {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        points: { type: 'string', default: '101' },
        spectrum: { type: 'string' },
        lang: { type: 'string', default: 'en' },
      },
    });
    const points = Number(values.points);
    const lang = langOf(values.lang);
    if (positionals.length !== 1 || !Number.isInteger(points) || points < 2 || !lang) {
      process.stderr.write('run: give one device JSON file (and --points >= 2, --lang en or zh)\n');
      return 2;
    }
    const { runDevice } = await import('./commands/run.js');
    return runDevice(positionals[0]!, {
      points,
      lang,
      ...(values.out ? { out: values.out } : {}),
      ...(values.spectrum ? { spectrum: values.spectrum } : {}),
    });
  }
  if (command === 'fit') {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        model: { type: 'string', default: 'sdm' },
        temperature: { type: 'string', default: '300' },
        'voltage-unit': { type: 'string' },
        'current-unit': { type: 'string' },
        area: { type: 'string' },
        sign: { type: 'string', default: 'auto' },
        out: { type: 'string' },
      },
    });
    const bad = (msg: string) => {
      process.stderr.write(`fit: ${msg}\n`);
      return 2;
    };
    const file = positionals[0];
    if (!file) return bad('give the measured curve file');
    if (values.model !== 'sdm' && values.model !== '2dm') return bad('--model must be sdm or 2dm');
    const temperatureK = Number(values.temperature);
    if (!(temperatureK > 0 && temperatureK < 1000)) return bad('--temperature must be a temperature in K (0-1000)');
    const vu = values['voltage-unit'];
    if (vu !== undefined && vu !== 'V' && vu !== 'mV') return bad('--voltage-unit must be V or mV');
    const cu = values['current-unit'];
    if (cu !== undefined && !['A', 'mA', 'A/cm2', 'mA/cm2'].includes(cu))
      return bad('--current-unit must be A, mA, A/cm2 or mA/cm2');
    const area = values.area === undefined ? undefined : Number(values.area);
    if (area !== undefined && !(area > 0)) return bad('--area must be a positive area in cm2');
    const sign = values.sign;
    if (sign !== 'auto' && sign !== 'as-is' && sign !== 'flip') return bad('--sign must be auto, as-is or flip');
    const { runFit } = await import('./commands/fit.js');
    return runFit(file, {
      model: values.model,
      temperatureK,
      ...(values.out ? { out: values.out } : {}),
      parse: {
        ...(vu ? { voltageUnit: vu } : {}),
        ...(cu ? { currentUnit: cu as 'A' | 'mA' | 'A/cm2' | 'mA/cm2' } : {}),
        ...(area !== undefined ? { areaCm2: area } : {}),
        sign,
      },
    });
  }
  if (command === 'fit-device') {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        curves: { type: 'string' },
        free: { type: 'string' },
        out: { type: 'string' },
        workers: { type: 'string' },
        'max-evaluations': { type: 'string' },
        'max-seconds': { type: 'string' },
        seed: { type: 'string' },
        lang: { type: 'string', default: 'en' },
      },
    });
    const lang = langOf(values.lang);
    const whole = (x: string | undefined, lo: number, hi: number) =>
      x === undefined
        ? undefined
        : Number.isInteger(Number(x)) && Number(x) >= lo && Number(x) <= hi
          ? Number(x)
          : Number.NaN;
    const workers = whole(values.workers, 1, 256);
    const maxEvaluations = whole(values['max-evaluations'], 10, 5000);
    const maxSeconds = whole(values['max-seconds'], 1, 3600);
    const seed = whole(values.seed, 0, 2147483647);
    if (positionals.length !== 1 || !values.curves || !values.free || !values.out || !lang) {
      process.stderr.write('fit-device: give one device JSON file, --curves, --free and --out (and --lang en or zh)\n');
      return 2;
    }
    if ([workers, maxEvaluations, maxSeconds, seed].some((x) => Number.isNaN(x))) {
      process.stderr.write(
        'fit-device: --workers 1-256, --max-evaluations 10-5000, --max-seconds 1-3600 and --seed 0-2147483647 are whole numbers\n',
      );
      return 2;
    }
    const { runFitDevice } = await import('./commands/fit-device.js');
    return runFitDevice(positionals[0]!, {
      curves: values.curves,
      free: values.free,
      out: values.out,
      lang,
      ...(workers !== undefined ? { workers } : {}),
      ...(maxEvaluations !== undefined ? { maxEvaluations } : {}),
      ...(maxSeconds !== undefined ? { maxSeconds } : {}),
      ...(seed !== undefined ? { seed } : {}),
    });
  }
  if (command === 'import') {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        lang: { type: 'string', default: 'en' },
        json: { type: 'boolean', default: false },
      },
    });
    const lang = langOf(values.lang);
    if (positionals.length !== 1 || !values.out || !lang) {
      process.stderr.write(
        'import: give one .def or simulation_setup.txt file, --out <device.json> (and --lang en or zh)\n',
      );
      return 2;
    }
    const { runImport } = await import('./commands/interop.js');
    return runImport(positionals[0]!, { out: values.out, lang, json: values.json ?? false });
  }
  if (command === 'export') {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        scaps: { type: 'boolean', default: false },
        simsalabim: { type: 'boolean', default: false },
        out: { type: 'string' },
        lang: { type: 'string', default: 'en' },
        json: { type: 'boolean', default: false },
      },
    });
    const lang = langOf(values.lang);
    if (positionals.length !== 1 || !values.out || !lang || values.scaps === values.simsalabim) {
      process.stderr.write(
        'export: give one device JSON file, one of --scaps or --simsalabim, --out <dir> (and --lang en or zh)\n',
      );
      return 2;
    }
    const { runExport } = await import('./commands/interop.js');
    return runExport(positionals[0]!, {
      tool: values.scaps ? 'scaps' : 'simsalabim',
      out: values.out,
      lang,
      json: values.json ?? false,
    });
  }
  process.stderr.write(`unknown command "${command}"; see --help\n`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
