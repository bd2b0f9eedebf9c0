/**
 * A draft's card as the shop lists it (name, price, crossed-out price, tags, image), drawn from the form's
 * values while they are typed: the look of an item before it is saved. The saved item's real shop page is
 * the preview frame beside the form.
 */
import { fenToYuan } from '@haoka/contract';
import { Card, Form, Image, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DraftCardFields } from './kinds';

function money(value: unknown): string | null {
  return typeof value === 'number' && Number.isFinite(value) ? fenToYuan(value) : null;
}

export function DraftCard({ fields }: { fields: DraftCardFields }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const values = (Form.useWatch((all: Record<string, unknown>) => all, { form, preserve: true }) ?? {}) as Record<
    string,
    unknown
  >;
  const title = fields.title ? String(values[fields.title] ?? '') : '';
  const price = fields.price ? money(values[fields.price]) : null;
  const original = fields.original ? money(values[fields.original]) : null;
  const rawTags = fields.tags ? values[fields.tags] : undefined;
  const tags = (Array.isArray(rawTags) ? rawTags : rawTags ? [rawTags] : []).map(String).filter(Boolean);
  const image = fields.image ? String(values[fields.image] ?? '') : '';
  return (
    <Card
      size="small"
      title={t('catalogue.draftCard')}
      style={{ marginBottom: 16, maxWidth: 360 }}
      data-testid="draft-card"
    >
      <Space align="start">
        {image && <Image src={image} width={56} height={56} alt="" preview={false} style={{ objectFit: 'cover' }} />}
        <div>
          {title && <Typography.Text strong>{title}</Typography.Text>}
          <div>
            {price !== null && <Typography.Text style={{ color: '#cf1322', fontSize: 18 }}>¥{price}</Typography.Text>}
            {original !== null && original !== price && (
              <Typography.Text delete type="secondary" style={{ marginLeft: 8 }}>
                ¥{original}
              </Typography.Text>
            )}
          </div>
          {tags.length > 0 && (
            <div>
              {tags.map((tag) => (
                <Tag key={tag}>{tag}</Tag>
              ))}
            </div>
          )}
        </div>
      </Space>
    </Card>
  );
}
