/** Endpoints of tasks, sign-in, protocols, coupon exchange and the points and coin ledgers (API.md §4). */
export {};
