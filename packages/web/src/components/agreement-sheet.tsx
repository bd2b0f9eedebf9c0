/**
 * An agreement in a sheet (the shopper login's 用户协议, the card login's 物联卡服务协议): its title and
 * its text, sanitised, while loading and on failure with a retry. The feature gives the agreement's
 * answer, the failure's text, its own class and the test id (`<id>` on the sheet's content,
 * `<id>-content` on the text).
 */
import { Popup, type PopupProps } from 'antd-mobile';
import type { QueryResult } from '../platform/query';
import { PageState } from './page-state';
import { RichHtml } from './rich-html';

export interface AgreementSheetProps {
  visible: boolean;
  onClose: () => void;
  agreement: QueryResult<{ title: string; content: string }>;
  failedText: string;
  className: string;
  testId: string;
  bodyStyle?: PopupProps['bodyStyle'];
}

export function AgreementSheet({
  visible,
  onClose,
  agreement,
  failedText,
  className,
  testId,
  bodyStyle,
}: AgreementSheetProps) {
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} showCloseButton bodyStyle={bodyStyle}>
      <div className={className} data-testid={testId}>
        <PageState
          loading={agreement.isPending}
          error={agreement.isError ? new Error(failedText) : undefined}
          onRetry={() => void agreement.refetch()}
        >
          {agreement.data ? (
            <>
              <h2>{agreement.data.title}</h2>
              <RichHtml html={agreement.data.content} testId={`${testId}-content`} />
            </>
          ) : null}
        </PageState>
      </div>
    </Popup>
  );
}
