/**
 * An image as a form control (value/onChange = the image's URL): upload a PNG, JPG, GIF or WebP (checked
 * for type and size here too, then stored by `uploadImage`, which decides), or paste a URL instead; a
 * thumbnail shows the current image, and a button removes it (the input has no clear icon: antd's is
 * below the 24 px target size). Use it inside a Form.Item: the item's label names the URL input.
 */
import { adminApi, MEDIA_ACCEPT, MEDIA_MAX_BYTES, mediaTypeOf } from '@haoka/contract';
import { Button, Input, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../platform/refusal-text';
import { request } from '../platform/request';
import { useFeedback } from './use-action';

export interface ImageFieldProps {
  value?: string;
  onChange?: (url: string) => void;
  /** Given by Form.Item: the URL input's id, so the item's label names it. */
  id?: string;
  disabled?: boolean;
}

function readBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file);
  });
}

/** Base64 of the bytes, in chunks (a spread of a whole megabyte would overflow the call stack). */
export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

export function ImageField({ value, onChange, id, disabled }: ImageFieldProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [uploading, setUploading] = useState(false);

  async function send(file: File) {
    if (file.size > MEDIA_MAX_BYTES) {
      feedback.failure(new Error(refusalText('imageTooLarge', '', { maxKb: MEDIA_MAX_BYTES / 1024 })));
      return;
    }
    setUploading(true);
    try {
      const bytes = await readBytes(file);
      if (!mediaTypeOf(bytes)) {
        feedback.failure(new Error(refusalText('imageType', '', null)));
        return;
      }
      const stored = await request(adminApi.uploadImage, { fileName: file.name, contentBase64: base64Of(bytes) });
      onChange?.(stored.url);
      feedback.success(t('media.uploaded'));
    } catch (error) {
      feedback.failure(error);
    } finally {
      setUploading(false);
    }
  }

  return (
    <Space align="start" wrap>
      <div className="image-field-thumb">
        {value ? <img src={value} alt={t('media.preview')} /> : <span>{t('media.none')}</span>}
      </div>
      <Space orientation="vertical" size="small">
        <Input
          id={id}
          value={value ?? ''}
          onChange={(e) => onChange?.(e.target.value.trim())}
          placeholder={t('media.urlPlaceholder')}
          disabled={disabled}
        />
        <Space size="small">
          <Upload
            accept={MEDIA_ACCEPT}
            showUploadList={false}
            disabled={disabled || uploading}
            beforeUpload={(file) => {
              void send(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button loading={uploading} disabled={disabled}>
              {t('media.upload')}
            </Button>
          </Upload>
          {value ? (
            <Button onClick={() => onChange?.('')} disabled={disabled}>
              {t('media.clear')}
            </Button>
          ) : null}
        </Space>
        <span className="image-field-hint">{t('media.hint', { maxKb: MEDIA_MAX_BYTES / 1024 })}</span>
      </Space>
    </Space>
  );
}
