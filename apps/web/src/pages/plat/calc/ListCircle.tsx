import { ListTable } from './ListTable';

/** calc/circleList: the user's circuit calculations (/sys/calc/circleCalcList). */
export default function ListCircle() {
  return <ListTable key="circuit" scope="circuit" />;
}
