/**
 * 平台实名 (SCREENS §3 realnameAuth/platform): the card's platform real-name. The form follows
 * `platformAuthType` — 1 姓名 + 身份证号; 2 + 身份证人像面/国徽面; 3 + 手持身份证照片 — with the photos
 * uploaded first (progress 0–100) and their keys submitted. Checks before sending: name 2–20, a valid ID,
 * age ≥ 16, every required photo. The answer shows 认证成功 (1) or 审核中 (2); 审核中 shows no form;
 * 认证失败 (3) shows the reject remark above the form for a new submission. Only the masked name and ID
 * the server returns are shown.
 */
import { ErrorCode } from '@haoka/contract';
import { Button, Form, Input, List, NoticeBar, Result } from 'antd-mobile';
import { useState } from 'react';
import { ErrorBlock } from '../../../components/error-block';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { IOT_HOME_PATH, redirectTo } from '../../../platform/navigation';
import { useQueryClient } from '../../../platform/query';
import { ApiError } from '../../../platform/request';
import { useAction } from '../../../platform/use-action';
import { putSimInfo, simInfoQueryKey, storedSimInfo } from '../../iot-core/api/get-sim-info';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { type PlatformAuthInfo, platformAuthQueryKey, usePlatformAuth } from '../api/get-platform-auth';
import { type PlatformAuthResult, submitPlatformAuth } from '../api/submit-platform-auth';
import {
  AuthStatus,
  checkPlatformForm,
  type PhotoField,
  type PlatformFormProblem,
  REALNAME_PATH,
  requiredPhotos,
} from '../auth-rules';
import { EMPTY_PHOTO, PhotoSlot, type PhotoState } from './photo-slot';
import './common.css';
import './platform-auth.css';
import '../i18n';

function Submitted({ info }: { info: Pick<PlatformAuthInfo, 'name' | 'idCardMasked' | 'submittedAt'> }) {
  const { t } = useTranslation();
  if (!info.name && !info.idCardMasked) return null;
  return (
    <List mode="card" data-testid="platform-submitted">
      {info.name ? (
        <List.Item extra={<span data-testid="platform-name-masked">{info.name}</span>}>
          {t('iotRealname.platform.name')}
        </List.Item>
      ) : null}
      {info.idCardMasked ? (
        <List.Item extra={<span data-testid="platform-id-masked">{info.idCardMasked}</span>}>
          {t('iotRealname.platform.idCard')}
        </List.Item>
      ) : null}
      {info.submittedAt ? (
        <List.Item extra={info.submittedAt}>{t('iotRealname.platform.submittedAt')}</List.Item>
      ) : null}
    </List>
  );
}

type Photos = Record<PhotoField, PhotoState>;
const NO_PHOTOS: Photos = { frontImage: EMPTY_PHOTO, backImage: EMPTY_PHOTO, faceImage: EMPTY_PHOTO };

interface PlatformFormProps {
  platformAuthType: number;
  onSubmitted: (result: PlatformAuthResult) => void;
  /** A -1 refusal: it may have recorded 认证失败 with its remark. */
  onRefused: () => void;
}

function PlatformForm({ platformAuthType, onSubmitted, onRefused }: PlatformFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [idCard, setIdCard] = useState('');
  const [photos, setPhotos] = useState<Photos>(NO_PHOTOS);
  /** The field problem found by the last 提交, marked under its field until the field is edited. */
  const [marked, setMarked] = useState<{ field: 'name' | 'idCard'; problem: PlatformFormProblem } | null>(null);
  const fields = requiredPhotos(platformAuthType);
  const errorOf = (field: 'name' | 'idCard') =>
    marked?.field === field ? (
      <span className="iot-auth-error" role="alert" data-testid={`platform-${field === 'name' ? 'name' : 'id'}-error`}>
        {t(`iotRealname.platform.problems.${marked.problem}`)}
      </span>
    ) : undefined;

  const setPhoto = (field: PhotoField) => (next: PhotoState | ((prev: PhotoState) => PhotoState)) =>
    setPhotos((all) => ({ ...all, [field]: typeof next === 'function' ? next(all[field]) : next }));

  const submitting = useAction(submitPlatformAuth, {
    loading: true,
    onSuccess: onSubmitted,
    // The request wrapper told why (姓名与身份证不匹配…); a refusal may have moved the status to 认证失败.
    onError: (error) => {
      if (error instanceof ApiError && error.code === ErrorCode.FAIL) onRefused();
    },
  });
  const busy = submitting.busy;

  const submit = async () => {
    if (busy) return;
    if (fields.some((f) => photos[f].status === 'uploading')) {
      showToast(t('iotRealname.platform.uploading'));
      return;
    }
    const keys: Partial<Record<PhotoField, string>> = {};
    for (const f of fields) if (photos[f].key) keys[f] = photos[f].key;
    const problem = checkPlatformForm({ name, idCard, photos: keys }, platformAuthType);
    if (problem) {
      const field = problem.startsWith('name') ? 'name' : problem.startsWith('photo.') ? null : 'idCard';
      setMarked(field ? { field, problem } : null);
      showToast(t(`iotRealname.platform.problems.${problem}`));
      return;
    }
    await submitting.run({ name: name.trim(), idCard: idCard.trim().toUpperCase(), ...keys });
  };

  return (
    <div data-testid="platform-form" data-type={platformAuthType}>
      <Form layout="horizontal" mode="card">
        <Form.Header>{t('iotRealname.platform.formTitle')}</Form.Header>
        <Form.Item label={t('iotRealname.platform.name')} description={errorOf('name')}>
          <Input
            value={name}
            onChange={(v) => {
              setName(v);
              if (marked?.field === 'name') setMarked(null);
            }}
            maxLength={20}
            clearable
            placeholder={t('iotRealname.platform.namePlaceholder')}
            aria-label={t('iotRealname.platform.name')}
            data-testid="platform-name"
          />
        </Form.Item>
        <Form.Item label={t('iotRealname.platform.idCard')} description={errorOf('idCard')}>
          <Input
            value={idCard}
            onChange={(v) => {
              setIdCard(v.replace(/[^\dXx]/g, '').toUpperCase());
              if (marked?.field === 'idCard') setMarked(null);
            }}
            maxLength={18}
            clearable
            placeholder={t('iotRealname.platform.idCardPlaceholder')}
            aria-label={t('iotRealname.platform.idCard')}
            data-testid="platform-id"
          />
        </Form.Item>
      </Form>
      {fields.length > 0 ? (
        <section className="iot-auth-panel" data-testid="platform-photos">
          <h4 className="iot-auth-heading">{t('iotRealname.platform.photosTitle')}</h4>
          <p className="iot-auth-muted">{t('iotRealname.platform.photosHint')}</p>
          <div className="iot-auth-photos">
            {fields.map((f) => (
              <PhotoSlot key={f} field={f} state={photos[f]} onChange={setPhoto(f)} />
            ))}
          </div>
        </section>
      ) : null}
      <div className="iot-auth-actions">
        <Button
          block
          color="primary"
          size="large"
          loading={busy}
          onClick={() => void submit()}
          data-testid="platform-submit"
        >
          {t('iotRealname.platform.submit')}
        </Button>
        <p className="iot-auth-muted">{t('iotRealname.platform.privacy')}</p>
      </div>
    </div>
  );
}

function PlatformAuthView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = usePlatformAuth(simNo);
  const [result, setResult] = useState<PlatformAuthResult | null>(null);
  const info = query.data;
  const status = result?.authPlatformStatus ?? info?.authPlatformStatus;
  const remark = result?.remark || info?.remark || '';

  const onSubmitted = (answer: PlatformAuthResult) => {
    setResult(answer);
    void client.invalidateQueries({ queryKey: platformAuthQueryKey(simNo) });
    const sim = storedSimInfo(simNo);
    if (sim) {
      putSimInfo(client, simNo, {
        ...sim,
        authPlatformStatus: answer.authPlatformStatus,
        needPlatformAuth: answer.authPlatformStatus === AuthStatus.DONE ? 0 : sim.needPlatformAuth,
      });
    }
    void client.invalidateQueries({ queryKey: simInfoQueryKey(simNo) });
  };

  const backHub = (
    <Button block color="primary" onClick={() => redirectTo(REALNAME_PATH)} data-testid="platform-back">
      {t('iotRealname.official.backHub')}
    </Button>
  );

  if (query.isError && query.error instanceof ApiError && query.error.code === ErrorCode.MODULE_CLOSED) {
    return (
      <div className="iot-auth iot-page" data-testid="platform-page">
        <ErrorBlock
          status="disconnected"
          title={t('iotRealname.platform.closed')}
          description=""
          data-testid="platform-closed"
        >
          <Button color="primary" size="small" onClick={() => redirectTo(REALNAME_PATH)}>
            {t('iotRealname.official.backHub')}
          </Button>
        </ErrorBlock>
      </div>
    );
  }

  let body = null;
  if (info && status === AuthStatus.DONE) {
    body = (
      <div data-testid="platform-done">
        <Result
          status="success"
          title={t('iotRealname.platform.done')}
          description={t('iotRealname.platform.doneHint')}
        />
        <Submitted info={info} />
        <div className="iot-auth-actions">
          <Button block color="primary" onClick={() => redirectTo(IOT_HOME_PATH)} data-testid="platform-home">
            {t('iotRealname.official.backHome')}
          </Button>
        </div>
      </div>
    );
  } else if (info && status === AuthStatus.REVIEWING) {
    body = (
      <div data-testid="platform-reviewing">
        <Result
          status="waiting"
          title={t('iotRealname.platform.reviewing')}
          description={t('iotRealname.platform.reviewingHint')}
        />
        <Submitted info={info} />
        <div className="iot-auth-actions">{backHub}</div>
      </div>
    );
  } else if (info) {
    body = (
      <>
        {status === AuthStatus.FAILED ? (
          <NoticeBar
            color="alert"
            wrap
            data-testid="platform-rejected"
            content={remark ? t('iotRealname.platform.rejected', { remark }) : t('iotRealname.platform.rejectedPlain')}
          />
        ) : null}
        <PlatformForm
          platformAuthType={info.platformAuthType}
          onSubmitted={onSubmitted}
          onRefused={() => {
            setResult(null);
            void query.refetch();
          }}
        />
      </>
    );
  }

  return (
    <div className="iot-auth iot-page" data-testid="platform-page">
      <PageState
        loading={query.isPending}
        error={query.isError ? query.error : undefined}
        onRetry={() => void query.refetch()}
      >
        {body}
      </PageState>
    </div>
  );
}

export function PlatformAuthPage() {
  return <IotGuard>{(simNo) => <PlatformAuthView key={simNo} simNo={simNo} />}</IotGuard>;
}
