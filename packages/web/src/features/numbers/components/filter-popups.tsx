/**
 * The filter bar's two popups (SCREENS §2): 归属地, the full-screen region picker, and 更多, the bottom
 * sheet of the other filters. A chunk of their own (features/numbers/components/filter-bar.tsx loads it
 * on the first tap): antd-mobile's Popup and its animation libraries are not part of the first screen.
 */
import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../i18n/react';
import type { NumberFilter } from '../filter/number-filter';
import { MoreFilter } from './more-filter';
import { RegionPicker } from './region-picker';

export interface FilterPopupsProps {
  popup: 'region' | 'more' | null;
  filter: NumberFilter;
  onChange: (patch: Partial<NumberFilter>) => void;
  onClose: () => void;
}

export default function FilterPopups({ popup, filter, onChange, onClose }: FilterPopupsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Popup
        visible={popup === 'region'}
        onMaskClick={() => onClose()}
        onClose={() => onClose()}
        position="right"
        destroyOnClose
        bodyStyle={{ width: '100vw', maxWidth: 750, height: '100%' }}
      >
        <div className="numbers-popup">
          <div className="numbers-popup__head">
            <span>{t('vanity.filter.region')}</span>
            <button
              type="button"
              className="numbers-popup__close"
              onClick={() => onClose()}
              aria-label={t('a11y.close')}
            >
              <CloseOutline />
            </button>
          </div>
          <div className="numbers-popup__body">
            <RegionPicker
              value={{ provinceCode: filter.provinceCode, cityCode: filter.cityCode }}
              onConfirm={(region) => {
                onChange(region);
                onClose();
              }}
            />
          </div>
        </div>
      </Popup>

      <Popup
        visible={popup === 'more'}
        onMaskClick={() => onClose()}
        onClose={() => onClose()}
        position="bottom"
        destroyOnClose
        bodyStyle={{ maxHeight: '85vh', overflowY: 'auto', borderRadius: '12px 12px 0 0' }}
      >
        <MoreFilter
          value={filter}
          onConfirm={(more) => {
            onChange(more);
            onClose();
          }}
        />
      </Popup>
    </>
  );
}
