/**
 * The agreement a checkout asks to tick before paying (充值活动's 《活动规则》, VIP's and acceleration's
 * service agreements): the checkbox with its sentence, and the agreement's name as a link that opens it.
 * Without `onChange` it is the sentence alone (会员中心: opening means agreeing).
 */
import { Checkbox } from 'antd-mobile';
import './payment.css';

export function PayAgreement({
  checked,
  onChange,
  label,
  link,
  onOpen,
  testId,
  linkTestId,
}: {
  checked?: boolean;
  onChange?: (checked: boolean) => void;
  /** The sentence beside the box (我已阅读并同意). */
  label: string;
  /** The agreement's name. */
  link: string;
  onOpen: () => void;
  testId?: string;
  linkTestId: string;
}) {
  return (
    <div className="pay-agreement">
      {onChange ? (
        <Checkbox checked={checked} onChange={onChange} data-testid={testId}>
          {label}
        </Checkbox>
      ) : (
        label
      )}
      <button type="button" className="pay-agreement__link" onClick={onOpen} data-testid={linkTestId}>
        {link}
      </button>
    </div>
  );
}
