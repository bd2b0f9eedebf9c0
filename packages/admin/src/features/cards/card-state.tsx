/** A card's state as a tag, with the stop reason of a stopped card beside it; the cards' query key. */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export const CARDS_KEY = ['admin', 'cards'] as const;

// Tag colours that read at AA on their tinted backgrounds (docs/design.md "Accessibility").
const STATE_COLOR = { 1: 'default', 2: 'blue', 3: 'red', 4: 'default' } as const;

export function StateTag({ status, stopReason }: { status: number; stopReason: string }) {
  const { t } = useTranslation();
  const s = status as 1 | 2 | 3 | 4;
  return (
    <span>
      <Tag color={STATE_COLOR[s] ?? 'default'}>{t(`cards.simStatuses.${s}`)}</Tag>
      {status === 3 && stopReason && t(`cards.stopReasons.${stopReason as 'requested'}`)}
    </span>
  );
}
