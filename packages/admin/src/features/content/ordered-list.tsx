/**
 * The add / remove / move up / move down buttons of one row of an ordered Form.List (home banners,
 * layout menus and carousels), labelled with the row's number for screen readers; and the ordered list of
 * named menu entries each switched on or off (a layout's menus, a promoter's shop menu).
 */
import { Button, Form, Input, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

export function RowButtons({
  index,
  count,
  move,
  remove,
  disabled,
}: {
  index: number;
  count: number;
  move: (from: number, to: number) => void;
  remove?: (index: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const n = index + 1;
  return (
    <Space size="small">
      <Button
        size="small"
        aria-label={t('content.moveUpOf', { n })}
        disabled={disabled || index === 0}
        onClick={() => move(index, index - 1)}
      >
        {t('content.moveUp')}
      </Button>
      <Button
        size="small"
        aria-label={t('content.moveDownOf', { n })}
        disabled={disabled || index === count - 1}
        onClick={() => move(index, index + 1)}
      >
        {t('content.moveDown')}
      </Button>
      {remove && (
        <Button
          size="small"
          danger
          aria-label={t('content.removeOf', { n })}
          disabled={disabled}
          onClick={() => remove(index)}
        >
          {t('content.remove')}
        </Button>
      )}
    </Space>
  );
}

/** A Form.List `name` of menu entries (`name`, `switch`): renamed, switched and reordered, none added. */
export function MenuList({
  name,
  legend,
  empty,
  disabled,
}: {
  name: string;
  legend: string;
  /** Said when the list has no entry. */
  empty: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form.List name={name}>
      {(fields, { move }) => (
        <fieldset className="content-fieldset">
          <legend>{legend}</legend>
          {fields.length === 0 && <p className="content-help">{empty}</p>}
          <ol className="banner-list">
            {fields.map((field, index) => (
              <li key={field.key}>
                <Space wrap align="baseline">
                  <Form.Item label={t('content.menuName', { n: index + 1 })} name={[field.name, 'name']}>
                    <Input />
                  </Form.Item>
                  <Form.Item
                    label={t('content.menuOn', { n: index + 1 })}
                    name={[field.name, 'switch']}
                    valuePropName="checked"
                  >
                    <Switch />
                  </Form.Item>
                  <RowButtons index={index} count={fields.length} move={move} disabled={disabled} />
                </Space>
              </li>
            ))}
          </ol>
        </fieldset>
      )}
    </Form.List>
  );
}
