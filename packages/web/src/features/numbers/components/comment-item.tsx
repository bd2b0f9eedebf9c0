/** One review (SCREENS §1 用户评价): masked mobile, stars, text, images (viewer zoom 1–4), tags, date. */
import type { NumberComment } from '@haoka/contract';
import { ImageViewer, Rate, Tag } from 'antd-mobile';
import './comment-item.css';

/** Image preview scale 1 to 4 (SPEC §9). */
export const IMAGE_MAX_ZOOM = 4;

export function CommentItem({ comment }: { comment: NumberComment }) {
  return (
    <article className="numbers-comment" data-testid="comment-item">
      <header className="numbers-comment__head">
        <span className="numbers-comment__user" data-testid="comment-mobile">
          {comment.maskedMobile}
        </span>
        <Rate readOnly value={comment.star} count={5} style={{ '--star-size': '12px' }} />
        <time className="numbers-comment__time">{comment.createdAt.slice(0, 10)}</time>
      </header>
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
            <Tag key={tag} color="primary" fill="outline" data-shop-content>
              {tag}
            </Tag>
          ))}
        </div>
      ) : null}
    </article>
  );
}
