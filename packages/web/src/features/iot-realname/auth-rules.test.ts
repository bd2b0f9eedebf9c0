import { describe, expect, it } from 'vitest';
import { checkImageFile } from './api/upload-image';
import {
  checkPlatformForm,
  maskIccid,
  requiredPhotos,
  shanghaiToday,
  showsPlatformStep,
  viceAuthStatus,
  viceAuthSummary,
} from './auth-rules';
import { axisLabel, toChartData } from './history-chart';
import { safeRedirect } from './leave-page';

describe('real-name rules', () => {
  it('asks the photos of each platformAuthType', () => {
    expect(requiredPhotos(1)).toEqual([]);
    expect(requiredPhotos(2)).toEqual(['frontImage', 'backImage']);
    expect(requiredPhotos(3)).toEqual(['frontImage', 'backImage', 'faceImage']);
  });

  it('checks the platform form: name, ID, age ≥ 16 on the Shanghai date, photos', () => {
    const today: [number, number, number] = [2026, 3, 10];
    const ok = { name: '张三', idCard: '110101199001011237', photos: {} };
    expect(checkPlatformForm(ok, 1, today)).toBeNull();
    expect(checkPlatformForm({ ...ok, name: ' ' }, 1, today)).toBe('nameRequired');
    expect(checkPlatformForm({ ...ok, name: '张' }, 1, today)).toBe('nameInvalid');
    expect(checkPlatformForm({ ...ok, name: '张3' }, 1, today)).toBe('nameInvalid');
    expect(checkPlatformForm({ ...ok, name: '阿卜杜·热合曼' }, 1, today)).toBeNull();
    expect(checkPlatformForm({ ...ok, idCard: '' }, 1, today)).toBe('idCardRequired');
    expect(checkPlatformForm({ ...ok, idCard: '110101199002301234' }, 1, today)).toBe('idCardInvalid');
    // GB 11643: a wrong check character, and a birth date after today, are not valid ID numbers.
    expect(checkPlatformForm({ ...ok, idCard: '110101199001011234' }, 1, today)).toBe('idCardInvalid');
    expect(checkPlatformForm({ ...ok, idCard: '110101202603110018' }, 1, today)).toBe('idCardInvalid');
    // 16th birthday on 2026-03-10: old enough that day, not the day before.
    expect(checkPlatformForm({ ...ok, idCard: '110101201003101236' }, 1, today)).toBeNull();
    expect(checkPlatformForm({ ...ok, idCard: '110101201003111231' }, 1, today)).toBe('tooYoung');
    expect(checkPlatformForm({ ...ok, idCard: '11010119900307803x' }, 1, today)).toBeNull();
    expect(checkPlatformForm(ok, 2, today)).toBe('photo.frontImage');
    expect(checkPlatformForm({ ...ok, photos: { frontImage: 'a.jpg' } }, 2, today)).toBe('photo.backImage');
    expect(checkPlatformForm({ ...ok, photos: { frontImage: 'a.jpg', backImage: 'b.jpg' } }, 2, today)).toBeNull();
    expect(checkPlatformForm({ ...ok, photos: { frontImage: 'a.jpg', backImage: 'b.jpg' } }, 3, today)).toBe(
      'photo.faceImage',
    );
  });

  it('takes today in Asia/Shanghai', () => {
    // 2026-03-09 17:00 UTC is 2026-03-10 01:00 in Shanghai.
    expect(shanghaiToday(Date.UTC(2026, 2, 9, 17, 0, 0))).toEqual([2026, 3, 10]);
    expect(shanghaiToday(Date.UTC(2026, 2, 9, 15, 59, 0))).toEqual([2026, 3, 9]);
  });

  it('shows the platform step when needed or started', () => {
    expect(showsPlatformStep({ needPlatformAuth: 0, authPlatformStatus: 0 })).toBe(false);
    expect(showsPlatformStep({ needPlatformAuth: 1, authPlatformStatus: 0 })).toBe(true);
    expect(showsPlatformStep({ needPlatformAuth: 0, authPlatformStatus: 2 })).toBe(true);
  });

  it('sums up a device’s networks', () => {
    expect(viceAuthSummary([{ authStatus: 1 }, { authStatus: 0 }])).toEqual({ done: 1, total: 2 });
    expect(viceAuthStatus([])).toBe(0);
    expect(viceAuthStatus([{ authStatus: 1 }, { authStatus: 1 }])).toBe(1);
    expect(viceAuthStatus([{ authStatus: 1 }, { authStatus: 2 }])).toBe(2);
    expect(viceAuthStatus([{ authStatus: 2 }, { authStatus: 3 }])).toBe(3);
    expect(viceAuthStatus([{ authStatus: 1 }, { authStatus: 0 }])).toBe(0);
  });

  it('masks the middle of an ICCID', () => {
    expect(maskIccid('89860123456789012345')).toBe('898601**********2345');
    expect(maskIccid('1234567890')).toBe('1234567890');
  });
});

describe('upload file check', () => {
  it('accepts jpg/png/webp up to 5 MB', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkImageFile({ type: 'image/png', size: 1 })).toBeNull();
    expect(checkImageFile({ type: 'image/webp', size: 1 })).toBeNull();
    expect(checkImageFile({ type: 'image/gif', size: 1 })).toBe('type');
    expect(checkImageFile({ type: 'application/pdf', size: 1 })).toBe('type');
    expect(checkImageFile({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('size');
  });
});

describe('usage chart data', () => {
  it('hands the chart one MB value per point with day or month labels', () => {
    const data = toChartData({
      type: 'day',
      points: [
        { date: '2026-07-01', flow: 12.346 },
        { date: '2026-07-02', flow: 0 },
        { date: '2026-07-03', flow: 2048 },
      ],
      totalFlow: 2060.346,
      avgFlow: 686.781,
    });
    expect(data).toEqual({
      type: 'day',
      labels: ['07-01', '07-02', '07-03'],
      dates: ['2026-07-01', '2026-07-02', '2026-07-03'],
      values: [12.35, 0, 2048],
      empty: false,
      totalFlow: 2060.35,
      avgFlow: 686.78,
    });
    expect(axisLabel('2026-07', 'month')).toBe('2026-07');
  });

  it('is empty when every point is zero (or not a usable number)', () => {
    const data = toChartData({
      type: 'month',
      points: [
        { date: '2026-05', flow: 0 },
        { date: '2026-06', flow: Number.NaN },
      ],
      totalFlow: 0,
      avgFlow: 0,
    });
    expect(data.empty).toBe(true);
    expect(data.values).toEqual([0, 0]);
    expect(toChartData({ type: 'day', points: [], totalFlow: 0, avgFlow: 0 }).empty).toBe(true);
  });
});

describe('redirect after a form', () => {
  it('follows in-app paths only', () => {
    expect(safeRedirect('/pages/iot/index/index?a=1')).toBe('/pages/iot/index/index?a=1');
    expect(safeRedirect('//evil.example.com')).toBeNull();
    expect(safeRedirect('https://evil.example.com')).toBeNull();
    expect(safeRedirect(undefined)).toBeNull();
    expect(safeRedirect('')).toBeNull();
  });
});
