/** /pages-sub/iot/task/index 任务中心 (SCREENS §4). */
import { TaskCenterPage } from '../../../features/iot-rewards/components/task-center';

export default function TaskIndexPage() {
  return <TaskCenterPage />;
}
