/**
 * Rich HTML from the API (articles, protocols, goods details, rules, popups), always through the
 * sanitiser's allow-list. It is the shop's own content, whatever the app's language.
 */
import { useMemo } from 'react';
import { sanitizeHtml } from '../platform/sanitize-html';
import './rich-html.css';

export function RichHtml({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      className={`rich-html${className ? ` ${className}` : ''}`}
      data-testid={testId}
      data-shop-content
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML went through sanitizeHtml's allow-list
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
