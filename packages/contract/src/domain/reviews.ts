/**
 * Buyer reviews of vanity numbers (design.md "Number reviews"): the buyer of a completed number order
 * writes one review; it is shown on numbers of the same level as the one bought. The tags a buyer can
 * pick are codes; each client labels them in its own language.
 */

export const REVIEW_TAGS = ['memorable', 'fastDelivery', 'goodService', 'fairPrice', 'patientSupport'] as const;
export type ReviewTag = (typeof REVIEW_TAGS)[number];

/** Review text length, in characters. */
export const REVIEW_CONTENT_MIN = 5;
export const REVIEW_CONTENT_MAX = 200;

/**
 * Whether an order's buyer may review it (`open`), has (`done`), or may not (`none`): only a number order
 * that reached 已完成 (4) is reviewed, once.
 */
export type ReviewState = 'none' | 'open' | 'done';

export function reviewStateOf(order: { orderType: number; orderStatus: number }, reviewed: boolean): ReviewState {
  if (reviewed) return 'done';
  return order.orderType === 1 && order.orderStatus === 4 ? 'open' : 'none';
}
