import { describe, expect, it } from 'vitest';
import { isSafeUrl, sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps allowed formatting as it is', () => {
    const html =
      '<p>所有号码均为<strong>运营商</strong>正规号卡，<em>需本人</em>实名办理。</p><ul><li>a</li><li>b</li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops script, style, iframe and their content', () => {
    expect(sanitizeHtml('<p>hi</p><script>alert(1)</script><style>p{}</style><iframe></iframe>')).toBe('<p>hi</p>');
  });

  it('removes event handlers, style and unknown attributes', () => {
    expect(sanitizeHtml('<p onclick="x()" style="position:fixed" class="c" id="i">t</p>')).toBe('<p>t</p>');
    expect(sanitizeHtml('<img src="/a.png" onerror="alert(1)" alt="a" width="10">')).toBe(
      '<img src="/a.png" alt="a" width="10">',
    );
  });

  it('refuses javascript: and data: URLs, also when obfuscated', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="  JaVa\tScript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<img src="data:image/svg+xml,<svg onload=alert(1)>">')).toBe('');
    expect(sanitizeHtml('<a href="//evil.example">x</a>')).toBe('<a>x</a>');
  });

  it('keeps http(s), relative, mailto and tel links and opens them safely', () => {
    expect(sanitizeHtml('<a href="https://beian.miit.gov.cn/">ICP</a>')).toBe(
      '<a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">ICP</a>',
    );
    expect(sanitizeHtml('<a href="tel:4000000000">call</a>')).toContain('href="tel:4000000000"');
    expect(sanitizeHtml('<a href="/shop/#/pages/about/promise">x</a>')).toContain('href="/shop/#/pages/about/promise"');
  });

  it('unwraps unknown elements and escapes text', () => {
    expect(sanitizeHtml('<font color="red">red</font> <marquee>m</marquee>')).toBe('red m');
    expect(sanitizeHtml('a &lt;b&gt; &amp; c')).toBe('a &lt;b&gt; &amp; c');
    expect(sanitizeHtml('<p title="&quot;><script>">t</p>')).toBe('<p>t</p>');
    expect(sanitizeHtml('<a href="/x" title="a&quot;b">t</a>')).toContain('title="a&quot;b"');
  });

  it('handles broken markup and empty input', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml('<p><b>open')).toBe('<p><b>open</b></p>');
    expect(sanitizeHtml('<p>ok</p><svg><script>alert(1)</script></svg>')).toBe('<p>ok</p>');
  });
});

describe('isSafeUrl', () => {
  it.each([
    ['https://a.example/x', 'href', true],
    ['http://a.example', 'src', true],
    ['/static/logo.png', 'src', true],
    ['logo.png', 'src', true],
    ['mailto:a@b.c', 'href', true],
    ['mailto:a@b.c', 'src', false],
    ['javascript:alert(1)', 'href', false],
    ['vbscript:x', 'href', false],
    ['data:text/html,x', 'href', false],
  ] as const)('%s as %s → %s', (url, attr, ok) => {
    expect(isSafeUrl(url, attr)).toBe(ok);
  });
});
