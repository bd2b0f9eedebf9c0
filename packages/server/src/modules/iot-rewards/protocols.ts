/**
 * Card agreements (API.md §4 protocol; SCREENS §4 protocol/index, protocol/taskRule). They are system
 * articles in `questions`, like the login agreements: the service agreement is the card login's own
 * (物联卡服务协议), the others have codes `iot_protocol_<type>` and are seeded as reference data.
 */
import type { iotRewardsApi } from '@haoka/contract';
import type { DbOrTx } from '../../db/database.js';
import { fail } from '../../http/app-error.js';
import { formatDateTime } from '../../lib/time.js';
import { findQuestionByCode } from '../content/repository.js';
import { IOT_LOGIN_PROTOCOL_CODE } from '../iot-core/service.js';

type ProtocolType = iotRewardsApi.ProtocolType;

export const protocolCodeOf = (type: ProtocolType): string =>
  type === 'service' ? IOT_LOGIN_PROTOCOL_CODE : `iot_protocol_${type}`;

/** GET /api/iot/protocol. A disabled or missing article answers -1 协议不存在. */
export async function getProtocol(db: DbOrTx, type: ProtocolType) {
  const row = await findQuestionByCode(db, protocolCodeOf(type));
  if (!row) throw fail('protocolGone');
  return { type, title: row.title, content: row.content, updatedAt: formatDateTime(row.updated_at) };
}
