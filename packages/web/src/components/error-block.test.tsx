import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorBlock } from './error-block';

const publicDir = join(import.meta.dirname, '../../public');

describe('ErrorBlock', () => {
  it.each(['default', 'disconnected', 'empty', 'busy'] as const)(
    'shows the %s picture from its file, as decoration beside the title',
    (status) => {
      const { container } = render(<ErrorBlock status={status} title="页面不存在" description="" />);
      const img = container.querySelector('.adm-error-block-image img');
      expect(img?.getAttribute('alt')).toBe('');
      const src = img?.getAttribute('src') ?? '';
      expect(src).toBe(`/static/error-block/${status}.svg`);
      const file = join(publicDir, src);
      expect(existsSync(file)).toBe(true);
      expect(readFileSync(file, 'utf8')).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(container.textContent).toContain('页面不存在');
    },
  );
});
