/**
 * A real-name status tag: the label and colour of the `auth_status` dictionary when loaded, else the
 * catalogue's 未实名 / 已实名 / 审核中 / 认证失败 with the matching colour.
 */
import { operatorImage } from '@haoka/contract';
import { Image, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useDictOptions } from '../../site/api/get-dict-options';
import { asAuthStatus } from '../auth-rules';
import '../i18n';

const LIST_CLASS_COLORS = {
  default: 'default',
  primary: 'primary',
  success: 'success',
  info: 'primary',
  warning: 'warning',
  danger: 'danger',
} as const;

const FALLBACK_COLORS = { 0: 'default', 1: 'success', 2: 'warning', 3: 'danger' } as const;

export function AuthStatusTag({ status, testId }: { status: number; testId?: string }) {
  const { t } = useTranslation();
  const value = asAuthStatus(status);
  const option = useDictOptions('auth_status').find((o) => o.value === String(value));
  return (
    <Tag
      color={option ? LIST_CLASS_COLORS[option.listClass] : FALLBACK_COLORS[value]}
      fill="outline"
      data-testid={testId}
      data-status={value}
    >
      {option?.label ?? t(`iot.authStatus.s${value}`)}
    </Tag>
  );
}

/** The operator's name (1–4; 99 a device) through the catalogue. */
export function useOperatorName(): (operatorType: number) => string {
  const { t } = useTranslation();
  return (operatorType) =>
    operatorType >= 1 && operatorType <= 4
      ? t(`iotAuth.operators.o${operatorType as 1 | 2 | 3 | 4}`)
      : t('iotAuth.operators.device');
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
