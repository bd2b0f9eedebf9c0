/**
 * The add / remove / move up / move down buttons of one row of an ordered Form.List (home banners,
 * layout menus and carousels), labelled with the row's number for screen readers.
 */
import { Button, Space } from 'antd';
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
