import { DICT_TYPES, type DictOption } from '@haoka/contract';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOCALES, setLocale } from '../../i18n';
import { dict } from '../../i18n/sections/dict';
import i18next from '../../i18n/translator';
import { useDictionaryStore } from '../../stores/dictionary';
import { DictTag, dictClass, dictLabel, knownDictValues, TAG_COLOURS } from './dict-label';

const t = i18next.t.bind(i18next);
const option = (value: string, label: string, listClass: DictOption['listClass'] = 'info'): DictOption => ({
  value,
  label,
  key: value,
  listClass,
});

describe('dictionary labels', () => {
  it('every dictionary type but the number segments (digits, no words) has catalogue labels', () => {
    const labelled = Object.keys(dict['zh-Hans']).sort();
    expect(labelled).toEqual(DICT_TYPES.filter((type) => type !== 'number_segment').sort());
    for (const type of DICT_TYPES.filter((x) => x !== 'number_segment')) {
      expect(knownDictValues(type).length, type).toBeGreaterThan(0);
    }
  });

  it('a known value reads the catalogue in the active locale, whatever label the server gave it', async () => {
    const options = [option('2', '正常使用')];
    expect(dictLabel(t, 'sim_status', 2, options)).toBe('正常');
    await setLocale('en');
    expect(dictLabel(t, 'sim_status', 2, options)).toBe('Active');
    expect(dictLabel(t, 'shop_order_status', '0')).toBe('To pay');
    expect(dictLabel(t, 'balance_log_type', 4)).toBe('Adjustment');
    await setLocale('fr');
    expect(dictLabel(t, 'auth_status', 1)).toBe('Vérifiée');
    await setLocale('es');
    expect(dictLabel(t, 'package_order_status', 2)).toBe('Activo');
    await setLocale('zh-Hant');
    expect(dictLabel(t, 'package_order_status', 2)).toBe('生效中');
  });

  it('a value the app does not know reads the server’s label, and a value nobody labelled reads itself', async () => {
    await setLocale('en');
    const options = [option('9', '内部测试', 'danger')];
    expect(dictLabel(t, 'sim_status', 9, options)).toBe('内部测试');
    expect(dictLabel(t, 'goods_category', 'gift', [option('gift', '礼品卡')])).toBe('礼品卡');
    expect(dictLabel(t, 'number_segment', '138', [option('138', '138')])).toBe('138');
    expect(dictLabel(t, 'sim_status', 7, options)).toBe('7');
  });

  it('the colour is the dictionary’s list class, else the known value’s own', () => {
    expect(dictClass('sim_status', 2, [option('2', '正常', 'primary')])).toBe('primary');
    expect(dictClass('sim_status', 3)).toBe('danger');
    expect(dictClass('shop_order_status', 4)).toBe('success');
    expect(dictClass('sim_status', 9)).toBe('default');
  });

  it('a tag follows a change of language at once, with the dictionary already loaded', async () => {
    useDictionaryStore.getState().setOptions({ shop_order_status: [option('1', '待审核', 'primary')] });
    render(<DictTag type="shop_order_status" value={1} testId="tag" />);
    expect(screen.getByTestId('tag').textContent).toBe('待审核');
    for (const locale of LOCALES) {
      await act(() => setLocale(locale));
      expect(screen.getByTestId('tag').textContent).toBe(dict[locale].shop_order_status[1]);
    }
    expect(screen.getByTestId('tag').className).toContain(`adm-tag`);
    expect(TAG_COLOURS.primary).toBe('primary');
  });
});
