#!/usr/bin/env node
import { buildCli, ROOT, STEPS } from '../../../scripts/build.mjs';
// `pvforge`: runs the built command line (apps/cli/dist) with no transpiler in between. npm install
// builds it (the root's prepare script); when its sources or its packages' sources changed since
// (a pull, an edit), it is compiled again first, saying so on stderr.
import { isCurrent } from '../../../scripts/build-stamp.mjs';

if (!isCurrent(ROOT, STEPS.cli)) {
  process.stderr.write('pvforge: its sources changed since the command line was built; building it first\n');
  if (!buildCli({ log: (line) => process.stderr.write(`pvforge ${line}\n`) })) process.exit(1);
}
await import('../dist/main.js');
