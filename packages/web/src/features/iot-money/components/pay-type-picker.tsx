/** The online pay methods of a money screen as a radio list (微信支付 / 支付宝), like the shop cashier's. */
import type { OnlinePayType } from '@haoka/contract';
import { List, Radio } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PayTypeIcon } from '../../../components/pay-type-icon';
import '../i18n';

export function PayTypePicker({
  payTypes,
  value,
  onChange,
}: {
  payTypes: readonly OnlinePayType[];
  value: OnlinePayType | undefined;
  onChange: (payType: OnlinePayType) => void;
}) {
  const { t } = useTranslation();
  return (
    <List mode="card" header={t('iotMoney.common.payMethod')} data-testid="money-pay-types">
      {payTypes.length === 0 ? (
        <List.Item data-testid="money-no-pay-type">{t('iotMoney.common.noPayType')}</List.Item>
      ) : (
        <Radio.Group value={value} onChange={(v) => onChange(v as OnlinePayType)}>
          {payTypes.map((type) => (
            <List.Item
              key={type}
              onClick={() => onChange(type)}
              arrowIcon={false}
              extra={<Radio value={type} data-testid={`money-pay-type-${type}`} />}
            >
              <span className="money-method">
                <PayTypeIcon type={type} />
                {t(`iotMoney.common.payType.${type}`)}
              </span>
            </List.Item>
          ))}
        </Radio.Group>
      )}
    </List>
  );
}
