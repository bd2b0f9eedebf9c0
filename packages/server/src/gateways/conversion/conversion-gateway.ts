/**
 * Ad-conversion reporting (Baidu OCPC, API.md §2 pointReport): an external system, reached only through
 * this interface. The built-in simulator stands in for it until a real adapter is configured.
 */

export interface ConversionEvent {
  event: 'submit_order' | 'pay_success';
  /** The click id the ad platform put on the landing URL. */
  bdVid: string;
  orderSn: string;
  page: string;
  /** The browser URL the beacon came from (`page-url` header), '' when unknown. */
  pageUrl: string;
  promoCode: string | null;
  occurredAt: number;
}

export interface ConversionGateway {
  /** Rejects when the platform refused or could not be reached; the caller logs and moves on. */
  report(event: ConversionEvent): Promise<void>;
}
