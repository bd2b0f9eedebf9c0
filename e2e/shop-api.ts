/** What a journey reads beside the screen: the hash route, an API answer, the SMS code the outbox "sent". */
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/** The app's route: the part of the URL after `#`. */
export const hashPath = (p: Page) => new URL(p.url()).hash.replace(/^#/, '');

/** The data of a GET on the test server; fails the test on any code but 0. */
export async function api<T>(path: string): Promise<T> {
  const body = (await (await fetch(`${inject('baseUrl')}${path}`)).json()) as {
    code: number;
    message: string;
    data: T;
  };
  expect(body.code, body.message).toBe(0);
  return body.data;
}

/** The newest code the outbox SMS gateway "sent" to `mobile` for `scene`, once it is there. */
export async function smsCode(mobile: string, scene: 'order' | 'login'): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const { list } = await api<{ list: { scene: string; code: string; createdAt: string }[] }>(
        `/api/dev/sms-outbox?mobile=${mobile}`,
      );
      code =
        list.filter((m) => m.scene === scene).sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}
