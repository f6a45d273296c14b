import { CalcPage } from './CalcPage';

/** calc/elec and calc/elec/:id: the electrical calculation (issue 8). */
export default function CalcElec() {
  return <CalcPage kind="elec" />;
}
