/** A real-name status tag (dictionary `auth_status`: 未实名 / 已实名 / 审核中 / 认证失败), and the operator's name and logo. */
import { operatorImage } from '@haoka/contract';
import { Image } from '../../../components/image';
import { DictTag, useDictLabel } from '../../site/dict-label';
import { asAuthStatus } from '../auth-rules';
import '../i18n';

export function AuthStatusTag({ status, testId }: { status: number; testId?: string }) {
  return <DictTag type="auth_status" value={asAuthStatus(status)} testId={testId} />;
}

/** The operator's name (1–4; anything else is a device, 99) through the dictionary lookup. */
export function useOperatorName(): (operatorType: number) => string {
  const label = useDictLabel('operator_type');
  return (operatorType) => label(operatorType >= 1 && operatorType <= 4 ? operatorType : 99);
}

/** The operator's logo (1–4; 99 a device), square. */
export function OperatorLogo({
  operatorType,
  size = 36,
  className,
  testId,
  decorative = false,
}: {
  operatorType: number;
  size?: number;
  className?: string;
  testId?: string;
  /** The operator's name is written beside the logo: assistive technology need not hear it twice. */
  decorative?: boolean;
}) {
  const operatorName = useOperatorName();
  return (
    <Image
      className={className}
      src={operatorImage(operatorType, import.meta.env.BASE_URL)}
      alt={decorative ? '' : operatorName(operatorType)}
      width={size}
      height={size}
      fit="contain"
      data-testid={testId}
      data-operator={operatorType}
    />
  );
}
