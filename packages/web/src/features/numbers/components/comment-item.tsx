/**
 * One review (SCREENS §1 用户评价): masked buyer, stars, the kind of number they bought (design.md
 * "Number reviews"), text, images (viewer zoom 1–4), tags, date.
 */
import { type NumberComment, PATTERN_LEVELS, REVIEW_TAGS, type ReviewTag } from '@haoka/contract';
import { ImageViewer, Rate, Tag } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../../i18n/react';
import { dictLabel } from '../../site/dict-label';
import '../reviews/i18n';
import { sortPatterns } from './pattern-tags';
import './comment-item.css';

/** Image preview scale 1 to 4 (SPEC §9). */
export const IMAGE_MAX_ZOOM = 4;

/**
 * 购买的号码：AABB — the kind of number the reviewer bought: its codes of the highest level (a 五连号 is
 * also a 四连号 and a 三连号; the review names what it was bought as).
 */
export function boughtLabel(t: TFunction, patterns: NumberComment['patterns']): string {
  if (patterns.length === 0) return t('numberReviews.boughtPlain');
  const top = Math.max(...patterns.map((code) => PATTERN_LEVELS[code]));
  const kind = sortPatterns(patterns)
    .filter((code) => PATTERN_LEVELS[code] === top)
    .map((code) => dictLabel(t, 'number_pattern', code))
    .join(t('numberReviews.separator'));
  return t('numberReviews.bought', { kind });
}

/** A review tag: a known code in the shopper's language, a shop's own words as they are. */
export function reviewTagLabel(t: TFunction, tag: string): string {
  return isReviewTag(tag) ? t(`numberReviews.tags.${tag}`) : tag;
}

function isReviewTag(tag: string): tag is ReviewTag {
  return (REVIEW_TAGS as readonly string[]).includes(tag);
}

export function CommentItem({ comment }: { comment: NumberComment }) {
  const { t } = useTranslation();
  return (
    <article className="numbers-comment" data-testid="comment-item">
      <header className="numbers-comment__head">
        <span className="numbers-comment__user" data-testid="comment-mobile">
          {comment.maskedMobile}
        </span>
        <Rate readOnly value={comment.star} count={5} style={{ '--star-size': '12px' }} />
        <time className="numbers-comment__time">{comment.createdAt.slice(0, 10)}</time>
      </header>
      <p className="numbers-comment__bought" data-testid="comment-bought">
        {boughtLabel(t, comment.patterns)}
      </p>
      <p className="numbers-comment__text" data-shop-content>
        {comment.content}
      </p>
      {comment.images.length > 0 ? (
        <div className="numbers-comment__images">
          {comment.images.map((src, i) => (
            <button
              key={src}
              type="button"
              onClick={() =>
                ImageViewer.Multi.show({ images: comment.images, defaultIndex: i, maxZoom: IMAGE_MAX_ZOOM })
              }
              data-testid="comment-image"
            >
              <img src={src} alt="" width={72} height={72} loading="lazy" />
            </button>
          ))}
        </div>
      ) : null}
      {comment.tags.length > 0 ? (
        <div className="numbers-comment__tags">
          {comment.tags.map((tag) => (
            <Tag key={tag} color="primary" fill="outline" data-testid="comment-tag">
              {reviewTagLabel(t, tag)}
            </Tag>
          ))}
        </div>
      ) : null}
    </article>
  );
}
