import { browseApi, questionSummary, questionView } from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ARTICLES, DEMO_FAQ } from '../../seed/demo-content.js';
import { endpointCaller, malformed } from '../../test/call.js';
import { insertQuestion } from '../../test/catalogue-fixtures.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';

let t: TestApp;
const ids: Record<string, number> = {};
const T0 = Date.UTC(2026, 2, 1, 4, 0, 0); // 2026-03-01 12:00:00 in Shanghai

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.handle.db;
  // Category x_order: sort first, then newest, then the higher id.
  ids.sort1Old = await insertQuestion(db, { title: '排序1旧', category: 'x_order', sort: 1, created_at: T0 });
  ids.sort0Old = await insertQuestion(db, { title: '排序0旧', category: 'x_order', sort: 0, created_at: T0 });
  ids.sort0New = await insertQuestion(db, { title: '排序0新', category: 'x_order', sort: 0, created_at: T0 + 1000 });
  ids.sort0OldToo = await insertQuestion(db, { title: '排序0旧二', category: 'x_order', sort: 0, created_at: T0 });
  ids.sort2 = await insertQuestion(db, { title: '排序2', category: 'x_order', sort: 2, created_at: T0 + 5000 });
  // Category x_scope: one of each scope, one disabled.
  ids.shop = await insertQuestion(db, { title: '商城题', category: 'x_scope', scope: 'shop' });
  ids.iot = await insertQuestion(db, { title: '物联题', category: 'x_scope', scope: 'iot' });
  ids.all = await insertQuestion(db, { title: '通用题', category: 'x_scope', scope: 'all' });
  ids.off = await insertQuestion(db, { title: '停用题', category: 'x_scope', scope: 'all', enabled: 0, hot: 1000 });
  ids.summaryOnly = await insertQuestion(db, {
    title: '普通标题',
    summary: '摘要里有独角兽关键词',
    category: 'x_kw',
    updated_at: T0,
  });
  ids.titleOnly = await insertQuestion(db, { title: '独角兽在标题里', category: 'x_kw' });
  ids.contentOnly = await insertQuestion(db, { title: '无关', content: '<p>独角兽只在正文</p>', category: 'x_kw' });
  ids.literal = await insertQuestion(db, { title: '折扣100%_真的', category: 'x_kw' });
  ids.ascii = await insertQuestion(db, { title: 'How to use eSIM', category: 'x_kw' });
});
afterAll(() => t.close());

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked field by field
type Body = { code: number; message: string; data: any };

const api = endpointCaller(() => t);

async function get(path: string): Promise<Body> {
  const res = await t.app.inject({ method: 'GET', url: path, headers: clientHeaders() });
  expect(res.statusCode).toBe(200);
  return res.json() as Body;
}

const listIds = (body: Body) => body.data.list.map((q: { id: number }) => q.id);

describe(`GET /api/shop/sysQuestion/view on ${TEST_DB}`, () => {
  it.each(DEMO_ARTICLES.map((a) => [a.code, a.title]))('code=%s opens the system article %s', async (code, title) => {
    const body = await api(browseApi.viewQuestion, { code });
    expect(body.code).toBe(0);
    expect(questionView.strict().safeParse(body.data).success).toBe(true);
    expect(body.data).toMatchObject({ code, title, category: 'article' });
    expect(body.data.content).toMatch(/^</);
  });

  it('id opens an FAQ entry, whose code is empty, with updatedAt in Shanghai time', async () => {
    const body = await api(browseApi.viewQuestion, { id: ids.summaryOnly });
    expect(body).toEqual({
      code: 0,
      message: 'ok',
      data: {
        id: ids.summaryOnly,
        code: '',
        category: 'x_kw',
        title: '普通标题',
        content: '<p>内容</p>',
        updatedAt: '2026-03-01 12:00:00',
      },
    });
  });

  it.each([
    ['an unknown id', '?id=999999'],
    ['an unknown code', '?code=nosuch'],
    ['a disabled entry', () => `?id=${ids.off}`],
  ])('%s → -1 内容不存在', async (_label, query) => {
    const q = typeof query === 'function' ? query() : query;
    expect(await get(`/api/shop/sysQuestion/view${q}`)).toEqual({
      code: -1,
      message: '内容不存在',
      reason: 'contentGone',
      data: null,
    });
  });

  it.each([
    ['both id and code', '?id=1&code=about', 'id'],
    ['neither id nor code', '', 'id'],
    ['an id that is not a number', '?id=abc', 'id'],
    ['an id of 0', '?id=0', 'id'],
    ['a code over 32 characters', `?code=${'c'.repeat(33)}`, 'code'],
  ])('%s → -1 naming the field', async (_label, query, field) => {
    const body = await get(`/api/shop/sysQuestion/view${query}`);
    expect(body.code).toBe(-1);
    expect(body.data).toEqual({ field });
  });

  it('says which of id and code it wants', async () => {
    expect((await api(browseApi.viewQuestion, { id: '1', code: 'about' })).message).toBe('请指定 id 或 code 之一');
  });
});

describe(`GET /api/shop/sysQuestion/list on ${TEST_DB}`, () => {
  it('answers FAQ summaries in the documented shape', async () => {
    const body = await api(browseApi.listQuestions, { pageSize: '50' });
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ page: 1, pageSize: 50 });
    for (const item of body.data.list) {
      const parsed = questionSummary.strict().safeParse(item);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }
  });

  it('orders by sort, then newest first (then the newer id)', async () => {
    const body = await api(browseApi.listQuestions, { category: 'x_order' });
    expect(listIds(body)).toEqual([ids.sort0New, ids.sort0OldToo, ids.sort0Old, ids.sort1Old, ids.sort2]);
    expect(body.data.total).toBe(5);
  });

  it('pages do not overlap and the total stays right', async () => {
    const pages = [];
    for (const page of [1, 2, 3])
      pages.push(await api(browseApi.listQuestions, { category: 'x_order', pageSize: '2', page }));
    expect(pages.map((p) => p.data.total)).toEqual([5, 5, 5]);
    expect(pages.map(listIds)).toEqual([[ids.sort0New, ids.sort0OldToo], [ids.sort0Old, ids.sort1Old], [ids.sort2]]);
  });

  it('never lists system articles', async () => {
    const body = await api(browseApi.listQuestions, { pageSize: '50' });
    const titles = body.data.list.map((q: { title: string }) => q.title);
    for (const article of DEMO_ARTICLES) expect(titles).not.toContain(article.title);
    expect((await api(browseApi.listQuestions, { category: 'article' })).data.total).toBe(0);
  });

  it('lists every demo FAQ entry without a scope filter', async () => {
    const body = await api(browseApi.listQuestions, { pageSize: '50' });
    const titles = body.data.list.map((q: { title: string }) => q.title);
    for (const faq of DEMO_FAQ) expect(titles).toContain(faq.title);
  });

  it.each<['shop' | 'iot', string[]]>([
    ['shop', ['shop', 'all']],
    ['iot', ['iot', 'all']],
  ])('scope=%s keeps rows of that scope and of scope all', async (scope, titlesOf) => {
    const body = await api(browseApi.listQuestions, { category: 'x_scope', scope });
    const expected = { shop: ids.shop, iot: ids.iot, all: ids.all } as Record<string, number>;
    expect(listIds(body).sort()).toEqual(titlesOf.map((s) => expected[s]).sort());
  });

  it('without scope lists every enabled row of the category', async () => {
    const body = await api(browseApi.listQuestions, { category: 'x_scope' });
    expect(listIds(body).sort()).toEqual([ids.shop, ids.iot, ids.all].sort());
  });

  it('keyword searches the title and the summary, not the content', async () => {
    const body = await api(browseApi.listQuestions, { keyword: '独角兽' });
    expect(listIds(body).sort()).toEqual([ids.summaryOnly, ids.titleOnly].sort());
  });

  it('keyword treats % and _ literally and ignores ASCII case', async () => {
    expect(listIds(await api(browseApi.listQuestions, { keyword: '100%_' }))).toEqual([ids.literal]);
    expect(listIds(await api(browseApi.listQuestions, { keyword: '%' }))).toEqual([ids.literal]);
    expect(listIds(await api(browseApi.listQuestions, { keyword: 'esim' }))).toEqual([ids.ascii]);
  });

  it('filters by a demo category', async () => {
    const body = await api(browseApi.listQuestions, { category: 'iot', pageSize: '50' });
    const expected = DEMO_FAQ.filter((f) => f.category === 'iot').map((f) => f.title);
    expect(body.data.list.map((q: { title: string }) => q.title).sort()).toEqual(expected.sort());
  });

  it.each([
    ['scope=all', 'scope'],
    ['pageSize=51', 'pageSize'],
    ['page=0', 'page'],
    [`keyword=${'k'.repeat(31)}`, 'keyword'],
    [`category=${'c'.repeat(33)}`, 'category'],
  ])('%s → -1 naming the field', async (query, field) => {
    const body = await get(`/api/shop/sysQuestion/list?${query}`);
    expect(body.code).toBe(-1);
    expect(body.data).toEqual({ field });
  });
});

describe(`GET /api/shop/customer/hotQuestionList on ${TEST_DB}`, () => {
  async function hot(query = '') {
    const body = await get(`/api/shop/customer/hotQuestionList${query}`);
    expect(body.code).toBe(0);
    return body.data as { id: number; title: string }[];
  }

  const hotTitles = (scope: 'shop' | 'iot') =>
    DEMO_FAQ.filter((f) => f.hot > 0 && (f.scope === scope || f.scope === 'all'))
      .sort((a, b) => b.hot - a.hot)
      .slice(0, 10)
      .map((f) => f.title);

  it('is a plain list of {id, title}, hottest first, shop scope by default', async () => {
    const list = await hot();
    expect(Array.isArray(list)).toBe(true);
    for (const item of list) expect(Object.keys(item).sort()).toEqual(['id', 'title']);
    expect(list.map((q) => q.title)).toEqual(hotTitles('shop'));
  });

  it('scope=iot lists the iot and the shared questions', async () => {
    expect((await hot('?scope=iot')).map((q) => q.title)).toEqual(hotTitles('iot'));
  });

  it('leaves out questions that are not hot, disabled ones and system articles', async () => {
    const titles = (await hot()).map((q) => q.title);
    for (const f of DEMO_FAQ.filter((q) => q.hot === 0)) expect(titles).not.toContain(f.title);
    expect(titles).not.toContain('停用题');
    for (const a of DEMO_ARTICLES) expect(titles).not.toContain(a.title);
  });

  it('answers at most 10', async () => {
    const db = t.database.handle.db;
    for (let i = 0; i < 12; i++) await insertQuestion(db, { title: `热门${i}`, scope: 'iot', hot: 10_000 + i });
    const list = await hot('?scope=iot');
    expect(list).toHaveLength(10);
    expect(list.map((q) => q.title)).toEqual(Array.from({ length: 10 }, (_, i) => `热门${11 - i}`));
  });

  it('scope=all → -1 naming the field', async () => {
    const body = await api(browseApi.listHotQuestions, malformed({ scope: 'all' }));
    expect(body).toMatchObject({ code: -1, data: { field: 'scope' } });
  });
});
