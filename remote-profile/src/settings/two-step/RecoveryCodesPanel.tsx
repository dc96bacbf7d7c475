// The recovery codes, shown this once: each works once instead of a code from the app. Copy puts
// them on the clipboard; Download saves them as a text file. Focus moves here so they are read out.
import { useEffect, useId, useRef, useState } from 'react';
import { settingsTexts } from '../messages';

const t = settingsTexts.t;

export const RECOVERY_CODES_FILE = 'pay-portal-recovery-codes.txt';

export function recoveryCodesText(codes: string[]): string {
  return `${t('codesFileTitle')}\n${t('codesFileText')}\n\n${codes.join('\n')}\n`;
}

export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(recoveryCodesText(codes));
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([recoveryCodesText(codes)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = RECOVERY_CODES_FILE;
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="profile-security__codes" role="region" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        {t('recoveryCodesHeading')}
      </h3>
      <p>
        {t('keepSafe')} <strong>{t('shownOnlyNow')}</strong>
      </p>
      <ul className="profile-security__code-list" aria-label={t('recoveryCodes')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="profile-security__actions">
        <button type="button" className="ui-button" onClick={() => void copy()}>
          {t('copyCodes')}
        </button>
        <button type="button" className="ui-button" onClick={download}>
          {t('downloadCodes')}
        </button>
        <button type="button" className="ui-button ui-button--primary" onClick={onDone}>
          {t('savedCodes')}
        </button>
      </div>
      <p role="status" className="profile-security__hint">
        {copied === 'copied' ? t('codesCopied') : copied === 'failed' ? t('codesNotCopied') : ''}
      </p>
    </div>
  );
}
