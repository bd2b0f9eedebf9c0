/** The formatted number (3-4-4) with the digits a keyword matched wrapped in `.hl` spans. */
import { numberRuns } from '../number-format';

export interface NumberDigitsProps {
  number: string;
  highlight?: readonly (readonly [number, number])[];
  className?: string;
}

export function NumberDigits({ number, highlight, className }: NumberDigitsProps) {
  const groups = numberRuns(number, highlight);
  return (
    <span
      className={`numbers-digits${className ? ` ${className}` : ''}`}
      data-testid="number-digits"
      data-number={number}
    >
      {groups.map((runs, g) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the groups are the fixed 3-4-4 blocks of one number
        <span key={g} className="numbers-digits__group">
          {runs.map((run, r) =>
            run.hl ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: runs are positional within a group
              <span key={r} className="hl">
                {run.text}
              </span>
            ) : (
              run.text
            ),
          )}
        </span>
      ))}
    </span>
  );
}
