/**
 * The order of the unknowns of a node in the solution vector: the scaled potential u, the scaled
 * quasi-Fermi levels fn and fp, then one density per mobile ionic species (models/ions.ts). Every
 * model that writes rows of the system indexes by these.
 */
export const U = 0;
export const FN = 1;
export const FP = 2;
