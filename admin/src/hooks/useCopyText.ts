import { useFeedback } from '../components/feedback/FeedbackProvider';
import { copyText } from '../utils/clipboard';
import { useTranslate } from './useTranslate';

/**
 * Copies a text to the clipboard and says so; where the browser refuses (no clipboard on an http page),
 * `refused` is said if given.
 */
export function useCopyText() {
  const t = useTranslate();
  const notify = useFeedback();
  return async (text: string, refused?: string) => {
    if (await copyText(text)) notify({ type: 'success', message: t('settings.copied', 'Copied') });
    else if (refused) notify({ type: 'danger', message: refused });
  };
}
