/** /pages-sub/iot/protocol/taskRule 任务规则 (SCREENS §4): the agreement of type taskRule. */
import { ProtocolView } from '../../../features/iot-rewards/components/protocol-view';

export default function TaskRulePage() {
  return <ProtocolView type="taskRule" />;
}
