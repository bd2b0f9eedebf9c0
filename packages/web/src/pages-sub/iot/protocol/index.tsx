/** /pages-sub/iot/protocol/index 协议 (SCREENS §4): `?type=` one of the card agreements (service by default). */
import { protocolTypeOf } from '../../../features/iot-rewards/api/get-protocol';
import { ProtocolView } from '../../../features/iot-rewards/components/protocol-view';
import { usePageQuery } from '../../../platform/use-page-query';

export default function ProtocolIndexPage() {
  const type = usePageQuery().type;
  return <ProtocolView type={type === undefined ? 'service' : protocolTypeOf(type)} titleInHeader />;
}
