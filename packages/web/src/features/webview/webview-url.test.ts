import { describe, expect, it } from 'vitest';
import { webviewUrl } from './webview-url';

describe('webviewUrl', () => {
  it.each([
    ['https://kefu.example.com/chat?id=1', 'https://kefu.example.com/chat?id=1'],
    ['http://a.example', 'http://a.example'],
    ['  https://a.example/x  ', 'https://a.example/x'],
    ['https%3A%2F%2Fkefu.example.com%2Fchat%3Fid%3D1', 'https://kefu.example.com/chat?id=1'],
  ])('accepts %s', (raw, url) => {
    expect(webviewUrl(raw)).toBe(url);
  });

  it.each([
    [undefined],
    [null],
    [''],
    ['javascript:alert(1)'],
    ['javascript%3Aalert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['ftp://a.example'],
    ['//a.example'],
    ['/pages/index/index'],
    ['www.example.com'],
    ['https://'],
    ['%E0%A4%A'],
  ])('refuses %s', (raw) => {
    expect(webviewUrl(raw)).toBeNull();
  });
});
