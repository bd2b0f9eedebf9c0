/** /pages-sub/iot/task/landscape 视频任务 (SCREENS §4). */
import { VideoTaskPage } from '../../../features/iot-rewards/components/video-task';

export default function TaskLandscapePage() {
  return <VideoTaskPage />;
}
