import { CircuitForm } from './CircuitForm';

/** calc/circle2: modified diode model with efficiency-loss quantification. */
export default function CircuitCircle2() {
  return <CircuitForm key="circle2" variant="circle2" />;
}
