/**
 * The site front's bottom tips (HTML through the sanitiser's allow-list), below the home's list: loaded
 * after the home's first screen, with the sanitiser, which nothing else on it needs.
 */
import { useMemo } from 'react';
import { sanitizeHtml } from '../../../platform/sanitize-html';

export default function HomeTips({ html }: { html: string }) {
  const tips = useMemo(() => sanitizeHtml(html), [html]);
  if (!tips) return null;
  return (
    <div
      className="home-tips"
      data-shop-content
      data-testid="home-tips"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: bottomTips passes the allow-list sanitiser first
      dangerouslySetInnerHTML={{ __html: tips }}
    />
  );
}
