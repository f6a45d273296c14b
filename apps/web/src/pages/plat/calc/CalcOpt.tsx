import { CalcPage } from './CalcPage';

/** calc/opt: the optical calculation (issue 8). */
export default function CalcOpt() {
  return <CalcPage kind="opt" />;
}
