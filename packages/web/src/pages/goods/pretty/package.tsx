/**
 * /pages/goods/pretty/package — 选择套餐: the packages offered with the number as a radio list; 确定 keeps
 * the choice (keyed by numberId) and goes back. One package is shown read-only; none → contact service.
 */
import type { NumberPackage } from '@haoka/contract';
import { Button, Ellipsis, List, Radio } from 'antd-mobile';
import { useState } from 'react';
import { ErrorBlock } from '../../../components/error-block';
import { formatYuan } from '../../../components/money';
import { PageState } from '../../../components/page-state';
import { parseNumberId, useNumberDetail } from '../../../features/numbers/api/get-number-detail';
import { effectivePackage, usePackageChoiceStore } from '../../../features/numbers/package-choice-store';
import { useTranslation } from '../../../i18n/react';
import { CUSTOMER_PATH, goBack, navigateTo } from '../../../platform/navigation';
import { usePageQuery } from '../../../platform/use-page-query';
import '../../../features/numbers/components/number-detail.css';
import '../../../features/numbers/i18n';

function PackageInfo({ pkg, onSelect }: { pkg: NumberPackage; onSelect?: () => void }) {
  const { t } = useTranslation();
  const facts = (
    <>
      <span className="numbers-package__name">{pkg.name}</span>
      <span className="numbers-package__desc">
        {t('pretty.packageFacts', {
          fee: formatYuan(pkg.monthlyFee),
          flow: pkg.flowText,
          voice: pkg.voiceText,
          months: pkg.contractMonths,
        })}
      </span>
    </>
  );
  return (
    <div className="numbers-package__item" data-testid="package-item" data-package-id={pkg.id}>
      {onSelect ? (
        <button type="button" className="numbers-package__main" onClick={onSelect}>
          {facts}
        </button>
      ) : (
        <div className="numbers-package__main">{facts}</div>
      )}
      {pkg.desc ? (
        <Ellipsis
          className="numbers-package__desc"
          content={pkg.desc}
          rows={1}
          expandText={t('pretty.expand')}
          collapseText={t('pretty.collapse')}
        />
      ) : null}
    </div>
  );
}

export default function PrettyPackagePage() {
  const { t } = useTranslation();
  const numberId = parseNumberId(usePageQuery().numberId);
  const detail = useNumberDetail(numberId);
  const chosenId = usePackageChoiceStore((s) => s.chosen[numberId]);
  const choose = usePackageChoiceStore((s) => s.choose);
  const packages = detail.data?.packages ?? [];
  const [picked, setPicked] = useState<number | null>(null);
  const selected = picked ?? effectivePackage(packages, chosenId)?.id ?? null;

  const confirm = () => {
    if (selected !== null) choose(numberId, selected);
    goBack();
  };

  return (
    <PageState
      loading={numberId > 0 && detail.isPending}
      error={detail.isError ? detail.error : undefined}
      onRetry={() => void detail.refetch()}
    >
      {packages.length === 0 ? (
        <div className="page-state" data-testid="package-empty">
          <ErrorBlock status="empty" title={t('pretty.packageEmpty')} description="">
            <Button color="primary" fill="outline" onClick={() => navigateTo(CUSTOMER_PATH)}>
              {t('pretty.contactService')}
            </Button>
          </ErrorBlock>
        </div>
      ) : (
        <div className="numbers-package" data-testid="package-page">
          {packages.length === 1 && packages[0] ? (
            <List header={t('pretty.packageOnly')}>
              <List.Item>
                <PackageInfo pkg={packages[0]} />
              </List.Item>
            </List>
          ) : (
            <Radio.Group value={selected} onChange={(v) => setPicked(Number(v))}>
              <List>
                {packages.map((p) => (
                  <List.Item key={p.id} prefix={<Radio value={p.id} aria-label={p.name} />}>
                    <PackageInfo pkg={p} onSelect={() => setPicked(p.id)} />
                  </List.Item>
                ))}
              </List>
            </Radio.Group>
          )}
          <div className="numbers-reserve__bar">
            <span />
            <Button color="primary" onClick={confirm} data-testid="package-confirm">
              {t('pretty.confirm')}
            </Button>
          </div>
        </div>
      )}
    </PageState>
  );
}
