/**
 * GET /api/shop/numberDetail (API.md §6): a number, its packages, a page of reviews and whether the order
 * needs an SMS code. 32001 (no longer on sale) is handled by the page (ErrorBlock), not the dialog.
 */
import { browseApi, type EndpointData, ErrorCode } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { ApiError, request } from '../../../platform/request';

export type NumberDetail = EndpointData<typeof browseApi.getNumberDetail>;

export function getNumberDetail(numberId: number, commentPage = 1, commentPageSize = 3): Promise<NumberDetail> {
  return request(
    browseApi.getNumberDetail,
    { numberId, commentPage, commentPageSize },
    { silentCodes: [ErrorCode.NUMBER_TAKEN] },
  );
}

export const numberDetailQueryKey = (numberId: number) => ['numberDetail', numberId] as const;

export function useNumberDetail(numberId: number) {
  return useQuery({
    queryKey: numberDetailQueryKey(numberId),
    queryFn: () => getNumberDetail(numberId),
    enabled: numberId > 0,
  });
}

/** The number is locked or sold (32001). */
export function isNumberTaken(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.NUMBER_TAKEN;
}

/** A valid numberId from a page query, else 0. */
export function parseNumberId(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
}
