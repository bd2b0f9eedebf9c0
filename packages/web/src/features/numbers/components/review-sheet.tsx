/**
 * The sheet in which the buyer of a completed number order reviews it (design.md "Number reviews"):
 * 评分 (1–5, five by default), 印象 tags, and the text, checked inline before anything is sent. The review
 * is then shown on numbers of the level of the one bought.
 */
import { REVIEW_CONTENT_MAX, REVIEW_CONTENT_MIN, REVIEW_TAGS, type ReviewTag } from '@haoka/contract';
import { Button, Form, Popup, Rate, Selector, TextArea } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { useAction } from '../../../platform/use-action';
import { reviewOrder } from '../api/review-order';
import '../reviews/i18n';
import './review-sheet.css';

interface ReviewValues {
  star: number;
  tags: ReviewTag[];
  content: string;
}

export interface ReviewSheetProps {
  orderSn: string;
  visible: boolean;
  onClose: () => void;
  /** The review was stored. */
  onDone: () => void;
}

export function ReviewSheet({ orderSn, visible, onClose, onDone }: ReviewSheetProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReviewValues>();

  // A refusal (已评价, 订单完成后才能评价 …) is told by the request wrapper.
  const reviewing = useAction(
    (values: ReviewValues) =>
      reviewOrder({ orderSn, star: values.star, content: values.content.trim(), tags: values.tags }),
    {
      loading: true,
      onSuccess: () => {
        showToast(t('numberReviews.thanks'), { icon: 'success' });
        form.resetFields();
        onDone();
      },
    },
  );
  const submit = async (values: ReviewValues) => {
    await reviewing.run(values);
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="review-sheet"
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '88vh', overflowY: 'auto' }}
    >
      <div className="review-sheet__head" data-testid="review-sheet">
        <span className="review-sheet__title">{t('numberReviews.title')}</span>
        <button type="button" className="review-sheet__close" aria-label={t('common.cancel')} onClick={onClose}>
          <CloseOutline />
        </button>
      </div>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ star: 5, tags: [], content: '' }}
        onFinish={(values) => void submit(values)}
        footer={
          <Button block type="submit" color="primary" size="large" data-testid="review-submit">
            {t('numberReviews.submit')}
          </Button>
        }
      >
        <Form.Item name="star" label={t('numberReviews.rating')}>
          <Rate allowClear={false} aria-label={t('numberReviews.rating')} data-testid="review-star" />
        </Form.Item>
        <Form.Item name="tags" label={t('numberReviews.tagsLabel')}>
          <Selector
            multiple
            columns={3}
            options={REVIEW_TAGS.map((code) => ({ label: t(`numberReviews.tags.${code}`), value: code }))}
            data-testid="review-tags"
          />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('numberReviews.content')}
          rules={[
            {
              validator: async (_: unknown, value: unknown) => {
                if (String(value ?? '').trim().length < REVIEW_CONTENT_MIN) {
                  throw new Error(t('numberReviews.contentShort', { min: REVIEW_CONTENT_MIN }));
                }
              },
            },
          ]}
        >
          <TextArea
            placeholder={t('numberReviews.placeholder')}
            maxLength={REVIEW_CONTENT_MAX}
            showCount
            rows={4}
            aria-label={t('numberReviews.content')}
            data-testid="review-content"
          />
        </Form.Item>
      </Form>
    </Popup>
  );
}
