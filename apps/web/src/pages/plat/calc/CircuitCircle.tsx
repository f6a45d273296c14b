import { CircuitForm } from './CircuitForm';

/** calc/circle: traditional five-parameter (and two-diode) circuit model, simulate or fit. */
export default function CircuitCircle() {
  return <CircuitForm key="circle" variant="circle" />;
}
