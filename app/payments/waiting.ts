/** How often the waiting payment page looks again, by meta refresh without JavaScript or by a quiet poll with it. */
export const WAIT_REFRESH_SECONDS = 3;
