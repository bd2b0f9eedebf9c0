/**
 * The console's real-name review queue (BACKOFFICE.md module 3, issue 22): platform real-name
 * submissions, their ID photos behind signed 1-hour links (each view audited), approve and reject. Part of
 * `adminApi` (endpoints/admin.ts). The CLI's `sim-auth` runs the same review.
 */
import { z } from 'zod';
import { adminPageQuery, adminRealnamePhotos, adminRealnameSubmission } from '../schemas/admin.js';
import { pageOf } from '../schemas/common.js';
import { defineEndpoint } from './define.js';

const submissionId = z.coerce.number().int().min(1);

export const listRealname = defineEndpoint({
  method: 'GET',
  path: '/api/admin/realname/list',
  input: z.object({
    ...adminPageQuery,
    /** 2 under review (the queue, oldest first), 1 approved, 3 rejected; all when omitted (newest first). */
    status: z.coerce.number().int().min(1).max(3).optional(),
    simNo: z.string().trim().max(32).optional(),
  }),
  data: pageOf(adminRealnameSubmission),
  auth: 'staff',
  permission: 'cards.read',
});

/** Signed links to a submission's photos, valid 1 h. Each call writes an audit line (`realname.viewPhotos`). */
export const realnamePhotos = defineEndpoint({
  method: 'POST',
  path: '/api/admin/realname/photos',
  input: z.object({ id: submissionId }),
  data: adminRealnamePhotos,
  auth: 'staff',
  permission: 'cards.write',
});

/** Under review (2) → verified (1). Only the card's latest submission, while it is under review. */
export const approveRealname = defineEndpoint({
  method: 'POST',
  path: '/api/admin/realname/approve',
  input: z.object({ id: submissionId }),
  data: adminRealnameSubmission,
  auth: 'staff',
  permission: 'cards.write',
});

/** Under review (2) → failed (3), with the reason the card holder sees on their real-name page. */
export const rejectRealname = defineEndpoint({
  method: 'POST',
  path: '/api/admin/realname/reject',
  input: z.object({ id: submissionId, reason: z.string().trim().min(1).max(100) }),
  data: adminRealnameSubmission,
  auth: 'staff',
  permission: 'cards.write',
});
