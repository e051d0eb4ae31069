import { Alert, Box } from '@strapi/design-system';
import * as React from 'react';
import { useTranslate } from '../../hooks/useTranslate';

export interface Feedback {
  type: 'success' | 'danger';
  message: string;
}

type Notify = (feedback: Feedback) => void;

/** A success notice hides itself after this long; an error stays until closed or replaced. */
const SUCCESS_VISIBLE_MS = 4000;

const FeedbackContext = React.createContext<Notify>(() => undefined);

/**
 * One notice at a time for the plugin's pages. Strapi's notifications stack (generate, then copy, shows
 * two) and give no handle to remove one, so a new message here replaces the one on screen.
 */
export const FeedbackProvider = ({ children }: { children: React.ReactNode }) => {
  const t = useTranslate();
  // `shown` counts messages, so the same text twice restarts the notice and its timer.
  const [current, setCurrent] = React.useState<(Feedback & { shown: number }) | null>(null);
  const notify = React.useCallback<Notify>(
    (feedback) => setCurrent((previous) => ({ ...feedback, shown: (previous?.shown ?? 0) + 1 })),
    []
  );

  React.useEffect(() => {
    if (current?.type !== 'success') return;
    const timer = setTimeout(() => setCurrent(null), SUCCESS_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [current]);

  return (
    <FeedbackContext.Provider value={notify}>
      {children}
      {current && (
        <Box
          position="fixed"
          top={4}
          left="50%"
          zIndex="notification"
          width="50rem"
          maxWidth="calc(100% - 2rem)"
          style={{ transform: 'translateX(-50%)' }}
        >
          <Alert
            key={current.shown}
            variant={current.type}
            closeLabel={t('settings.close', 'Close')}
            onClose={() => setCurrent(null)}
            data-testid="feedback"
          >
            {current.message}
          </Alert>
        </Box>
      )}
    </FeedbackContext.Provider>
  );
};

/** Shows a message in the page's single notice, replacing any message already there. */
export const useFeedback = (): Notify => React.useContext(FeedbackContext);
