/**
 * How many withdrawal acknowledgements (of either kind) one address gets in a day, Warsaw time
 * (docs/decisions/058). A customer withdraws once, perhaps twice; beyond this the statement is
 * still stored, and the operator sees that its acknowledgement was held back. The first statement
 * that marks an order is always acknowledged to the order's own address.
 */
export const ACKNOWLEDGEMENTS_PER_RECIPIENT_PER_DAY = 3;
