import * as React from 'react';
import { useFeedback } from '../components/feedback/FeedbackProvider';
import { copyText } from '../utils/clipboard';

export interface RevealedSecretMessages {
  copied: string;
  /** Said when the browser refuses to copy; without it a refusal goes unsaid. */
  copyFailed?: string;
}

/**
 * A secret shown once (an application password, an endpoint's secret): the box it sits in is brought
 * into view when it appears (it may be below the fold), and `copy` puts it on the clipboard, saying
 * whether the browser allowed it.
 */
export function useRevealedSecret(secret: string, messages: RevealedSecretMessages) {
  const notify = useFeedback();
  const box = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    box.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [secret]);
  const copy = async () => {
    if (await copyText(secret)) notify({ type: 'success', message: messages.copied });
    else if (messages.copyFailed) notify({ type: 'danger', message: messages.copyFailed });
  };
  return { box, copy };
}
