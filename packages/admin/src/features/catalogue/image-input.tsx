/** An image field: its URL (or a site path) typed in, with a thumbnail of it. Value = the URL string. */
import { Image, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export function ImageInput({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Space align="start">
      <Input
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange?.(event.target.value.trim())}
        placeholder={t('catalogue.imageHint')}
        style={{ width: 360 }}
      />
      {value ? <Image src={value} width={48} height={48} alt="" style={{ objectFit: 'cover' }} /> : null}
    </Space>
  );
}
