/**
 * The shop home of a promoter in a phone-sized frame (/shop/#/?promoCode=<code>), reloaded when `version`
 * changes (after each save). The shop reads its configuration from this instance, whose cache a save
 * clears, so the preview shows the saved state.
 */
import { useTranslation } from 'react-i18next';

export function ShopPreview({ code, version }: { code: string; version: number }) {
  const { t } = useTranslation();
  return (
    <iframe
      key={version}
      title={t('content.preview', { code })}
      src={`/shop/#/?promoCode=${encodeURIComponent(code)}`}
      className="shop-preview"
      width={375}
      height={667}
    />
  );
}
