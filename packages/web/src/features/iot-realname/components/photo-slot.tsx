/**
 * One real-name photo: tap to pick an image (jpg/png/webp, ≤ 5 MB, checked before sending), then it is
 * uploaded with a progress bar 0–100; the upload's `key` is what the form submits. A failed upload keeps
 * the tile open for another try; a new pick replaces the photo.
 */
import { ProgressBar } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { checkImageFile, uploadImage } from '../api/upload-image';
import type { PhotoField } from '../auth-rules';
import '../i18n';
import './photo-slot.css';

export interface PhotoState {
  status: 'idle' | 'uploading' | 'done' | 'failed';
  percent: number;
  /** The upload's key (submitted) and URL (shown), once done. */
  key: string;
  url: string;
  /** A local preview while uploading. */
  preview: string;
}

export const EMPTY_PHOTO: PhotoState = { status: 'idle', percent: 0, key: '', url: '', preview: '' };

export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

function localPreview(file: File): string {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
}

export function PhotoSlot({
  field,
  state,
  onChange,
}: {
  field: PhotoField;
  state: PhotoState;
  onChange: (next: PhotoState | ((prev: PhotoState) => PhotoState)) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      showToast(t(problem === 'type' ? 'iotRealname.platform.photoType' : 'iotRealname.platform.photoSize'));
      return;
    }
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    onChange({ status: 'uploading', percent: 0, key: '', url: '', preview: localPreview(file) });
    try {
      const result = await uploadImage(file, {
        scene: 'realname',
        signal: controller.signal,
        onProgress: (percent) => onChange((prev) => (prev.status === 'uploading' ? { ...prev, percent } : prev)),
      });
      if (controller.signal.aborted) return;
      onChange((prev) => ({ ...prev, status: 'done', percent: 100, key: result.key, url: result.url }));
    } catch {
      // the upload told the holder why (toast or dialog); leave the tile open for another try
      if (!controller.signal.aborted) onChange((prev) => ({ ...prev, status: 'failed' }));
    }
  };

  const image = state.url || state.preview;
  return (
    <div className="iot-auth-photo" data-testid={`photo-${field}`} data-status={state.status}>
      <button
        type="button"
        className="iot-auth-photo__tile"
        onClick={() => input.current?.click()}
        disabled={state.status === 'uploading'}
        data-testid={`photo-pick-${field}`}
      >
        {image ? (
          <img className="iot-auth-photo__image" src={image} alt={t(`iotRealname.platform.photos.${field}`)} />
        ) : (
          <span className="iot-auth-photo__add">
            <AddOutline fontSize={28} />
          </span>
        )}
        {state.status === 'done' ? (
          <span className="iot-auth-photo__redo">{t('iotRealname.platform.reupload')}</span>
        ) : null}
      </button>
      <div className="iot-auth-photo__label">{t(`iotRealname.platform.photos.${field}`)}</div>
      {state.status === 'uploading' ? (
        <div data-testid={`photo-progress-${field}`} data-percent={state.percent}>
          <ProgressBar percent={state.percent} text />
        </div>
      ) : null}
      {state.status === 'failed' ? (
        <div className="iot-auth-photo__failed" data-testid={`photo-failed-${field}`}>
          {t('iotRealname.platform.uploadFailed')}
        </div>
      ) : null}
      <input
        ref={input}
        type="file"
        accept={PHOTO_ACCEPT}
        hidden
        data-testid={`photo-input-${field}`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          void pick(file);
        }}
      />
    </div>
  );
}
