/** A number's pattern tags (NUMBERS.md codes), highest level first, labelled through the catalogue. */
import { PATTERN_LEVELS, type PatternCode } from '@haoka/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

export function sortPatterns(codes: readonly PatternCode[]): PatternCode[] {
  return [...codes].sort((a, b) => PATTERN_LEVELS[b] - PATTERN_LEVELS[a]);
}

export function PatternTags({ codes, max }: { codes: readonly PatternCode[]; max?: number }) {
  const { t } = useTranslation();
  const shown = sortPatterns(codes).slice(0, max ?? codes.length);
  if (shown.length === 0) return null;
  return (
    <span className="numbers-tags" data-testid="number-tags">
      {shown.map((code) => (
        <Tag key={code} color="warning" fill="outline" data-testid="number-tag" data-code={code}>
          {t(`vanity.patterns.${code}`)}
        </Tag>
      ))}
    </span>
  );
}
