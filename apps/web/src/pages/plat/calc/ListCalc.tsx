import { ListTable } from './ListTable';

/** calc/list: the user's optical and electrical calculations (/sys/calc/calcList). */
export default function ListCalc() {
  return <ListTable key="device" scope="device" />;
}
