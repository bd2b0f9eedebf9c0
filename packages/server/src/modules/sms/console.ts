/** The console's SMS log page (BACKOFFICE.md module 7, issue 23 item 4): read-only, mobiles masked. */
import type { AdminSmsLine } from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import { smsLogMobileHash } from './log.js';
import * as repo from './repository.js';

export async function listSmsLog(
  ctx: AppContext,
  query: {
    page: number;
    pageSize: number;
    mobile?: string | undefined;
    purpose?: string | undefined;
    ok?: number | undefined;
    from?: number | undefined;
    to?: number | undefined;
  },
): Promise<{ list: AdminSmsLine[]; total: number; page: number; pageSize: number }> {
  const { page, pageSize, mobile, ...filter } = query;
  const { rows, total } = await repo.pageSmsLog(
    ctx.db,
    { ...filter, mobileHash: mobile ? smsLogMobileHash(mobile) : undefined },
    page,
    pageSize,
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      mobileMasked: r.mobile_masked,
      purpose: r.purpose,
      template: r.template,
      provider: r.provider,
      ok: r.ok === 1,
      answer: r.answer,
      cost: r.cost,
      at: Number(r.created_at),
    })),
    total,
    page,
    pageSize,
  };
}
