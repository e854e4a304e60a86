import { useTranslation } from '@wayfarer/i18n';
import { SHELL_NS } from '../../i18n';
import { useWaitingUpdate } from './update-store';
import './update-prompt.css';

/**
 * 'Update available: reload': a new version of the app is installed and waits; the open tab keeps
 * running the version it started with until the traveller reloads here.
 */
export function UpdatePrompt() {
  const { t } = useTranslation(SHELL_NS);
  const apply = useWaitingUpdate();
  if (!apply) return null;
  return (
    <div className="wf-update-prompt wf-card" role="status" data-testid="update-prompt">
      <span>{t('offline.updateAvailable')}</span>
      <button type="button" className="wf-btn wf-btn--primary" onClick={apply}>
        {t('offline.reload')}
      </button>
    </div>
  );
}
