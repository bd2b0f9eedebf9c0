/**
 * Goods import from CSV or JSON (`npm run cli -- import goods <file>`): rows upserted by promoter code
 * and name (the shop's goods have no other natural key), so re-importing a file changes nothing. Sales
 * figures count real orders once the goods exist: an update never lowers them below the stored value.
 */
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { byKnownPromoter, fields, type ImportReport, importRecords, parseRecord } from '../../lib/records.js';
import { findPromoterCodes } from '../site/repository.js';

export const GOODS_COLUMNS = ['name', 'group', 'category', 'operatorType', 'price'] as const;

const rowSchema = z
  .object({
    promoCode: fields.promoCode(),
    name: fields.required(64),
    image: fields.link(),
    images: fields.list(),
    group: z.enum(['1', '2'], { error: 'must be 1 (vanity-number plans) or 2 (SIM cards)' }).transform(Number),
    category: z.enum(['card', 'flow', 'broadband', 'accessory'], { error: 'must be card|flow|broadband|accessory' }),
    operatorType: z.enum(['1', '2', '3', '4'], { error: 'operator must be 1–4' }).transform(Number),
    monthlyFee: fields.yuan(),
    flowText: fields.text(64),
    voiceText: fields.text(64),
    price: fields.yuan(),
    originalPrice: fields.yuan(),
    tags: fields.list(),
    sales: fields.int(0, 100_000_000, 0),
    stock: fields.optionalCount(),
    needSmsCode: fields.flag(1),
    needAddress: fields.flag(1),
    detail: fields.text(20_000),
    sort: fields.int(0, 1_000_000, 0),
    status: fields.flag(1),
  })
  .check((ctx) => {
    if (ctx.value.originalPrice < ctx.value.price)
      ctx.issues.push({
        code: 'custom',
        path: ['originalPrice'],
        message: 'must not be below the price',
        input: ctx.value,
      });
    if (ctx.value.images.some((i) => !/^(https?:\/\/|\/)/.test(i)))
      ctx.issues.push({
        code: 'custom',
        path: ['images'],
        message: 'each image must be an http(s) address or a site path',
        input: ctx.value,
      });
  });

type GoodsRow = z.output<typeof rowSchema>;

export function parseGoodsRecord(record: Record<string, string>) {
  return parseRecord(rowSchema, record, { monthlyFee: '0', originalPrice: record.price ?? '' });
}

export function importGoods(db: Db, file: string, onProgress?: (r: ImportReport) => void): Promise<ImportReport> {
  return importRecords<GoodsRow>(
    db,
    file,
    {
      required: GOODS_COLUMNS,
      parse: parseGoodsRecord,
      key: (g) => `${g.promoCode}|${g.name}`,
      async write(tx, rows) {
        const now = Date.now();
        const { known, refused } = await byKnownPromoter(
          rows,
          (r) => r.row.promoCode,
          (codes) => findPromoterCodes(tx, codes),
        );
        for (const { row: g } of known) {
          const values = {
            image: g.image || (g.images[0] ?? ''),
            images_json: JSON.stringify(g.images.length > 0 ? g.images : g.image ? [g.image] : []),
            group_no: g.group,
            category: g.category,
            operator_type: g.operatorType,
            monthly_fee_fen: g.monthlyFee,
            flow_text: g.flowText,
            voice_text: g.voiceText,
            price_fen: g.price,
            original_price_fen: g.originalPrice,
            tags_json: JSON.stringify(g.tags),
            stock: g.stock,
            need_sms_code: g.needSmsCode,
            need_address: g.needAddress,
            detail: g.detail,
            sort: g.sort,
            status: g.status,
          };
          const existing = await tx
            .selectFrom('goods')
            .select(['id', 'sales'])
            .where('promo_code', '=', g.promoCode)
            .where('name', '=', g.name)
            .executeTakeFirst();
          if (existing) {
            await tx
              .updateTable('goods')
              .set({ ...values, sales: Math.max(Number(existing.sales), g.sales), updated_at: now })
              .where('id', '=', existing.id)
              .execute();
          } else {
            await tx
              .insertInto('goods')
              .values({
                ...values,
                promo_code: g.promoCode,
                name: g.name,
                sales: g.sales,
                created_at: now,
                updated_at: now,
              })
              .execute();
          }
        }
        return refused;
      },
    },
    onProgress,
  );
}
