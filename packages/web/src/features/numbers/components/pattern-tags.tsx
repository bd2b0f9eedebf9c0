/** A number's pattern tags (NUMBERS.md codes), highest level first, labelled through the dictionary lookup. */
import { PATTERN_LEVELS, type PatternCode } from '@haoka/contract';
import { Tag } from 'antd-mobile';
import { useDictLabel } from '../../site/dict-label';

export function sortPatterns(codes: readonly PatternCode[]): PatternCode[] {
  return [...codes].sort((a, b) => PATTERN_LEVELS[b] - PATTERN_LEVELS[a]);
}

export function PatternTags({ codes, max }: { codes: readonly PatternCode[]; max?: number }) {
  const label = useDictLabel('number_pattern');
  const shown = sortPatterns(codes).slice(0, max ?? codes.length);
  if (shown.length === 0) return null;
  return (
    <span className="numbers-tags" data-testid="number-tags">
      {shown.map((code) => (
        <Tag key={code} color="warning" fill="outline" data-testid="number-tag" data-code={code}>
          {label(code)}
        </Tag>
      ))}
    </span>
  );
}
