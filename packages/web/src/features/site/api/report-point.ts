/**
 * POST /api/hk/pointReport: the analytics beacon (API.md §2). Fire and forget: the shop's promoter and the
 * kept bd_vid ride along, and a refused beacon never bothers the shopper.
 */
import { browseApi, type EndpointInput, ErrorCode } from '@haoka/contract';
import { keptQuery } from '../../../platform/navigation';
import { request } from '../../../platform/request';
import { useLayoutStore } from '../../../stores/layout';

export type PointReport = Omit<EndpointInput<typeof browseApi.reportPoint>, 'promoCode' | 'bd_vid'>;

export function reportPoint(report: PointReport): void {
  const { promoCode } = useLayoutStore.getState();
  request(
    browseApi.reportPoint,
    { ...report, promoCode: promoCode || undefined, bd_vid: keptQuery().bd_vid },
    { hideError: true, silentCodes: [ErrorCode.FAIL] },
  ).catch(() => {
    // a lost beacon is not the shopper's problem
  });
}
