/** /pages/iot/index/diagnosis/index 智能诊断 (issue 25; not a SPEC route: the card's diagnosis). */
import { DiagnosisPage } from '../../../../features/iot-care/components/diagnosis';

export default function IotDiagnosisPage() {
  return <DiagnosisPage />;
}
