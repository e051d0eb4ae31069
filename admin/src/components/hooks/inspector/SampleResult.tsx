import { Flex, Typography } from '@strapi/design-system';
import type { SampleRunResponse } from '../../../../../core/src/hooks/inspector-api';
import { useTranslate } from '../../../hooks/useTranslate';
import { PayloadView } from './PayloadView';

/** What the preset's sample would do on this site: each article's dry run (the values it would write), or why not. */
export const SampleResult = ({ result }: { result: SampleRunResponse }) => {
  const t = useTranslate();
  return (
    <Flex direction="column" alignItems="stretch" gap={3} data-testid="sample-result">
      <Typography variant="delta" tag="h3">
        {t('inspector.sample.title', 'The sample, as a dry run: nothing was written')}
      </Typography>
      {result.ignored && <Typography textColor="neutral600">{result.ignored}</Typography>}
      {result.articles.map((article, index) =>
        article.ok ? (
          <Flex key={index} direction="column" alignItems="stretch" gap={1} data-testid="sample-article">
            <Typography fontWeight="semiBold">
              {t('inspector.sample.would', 'Would {action} a {type} entry', {
                action: article.preview.action,
                type: article.preview.target.content_type,
              })}
            </Typography>
            {Object.entries(article.preview.values).map(([field, value]) => (
              <Typography key={field} variant="pi" style={{ overflowWrap: 'anywhere' }}>
                <strong>{field}</strong>: {typeof value === 'string' ? value : JSON.stringify(value)}
              </Typography>
            ))}
            {article.preview.warnings.map((warning) => (
              <Typography key={warning} variant="pi" textColor="warning600">
                {warning}
              </Typography>
            ))}
          </Flex>
        ) : (
          <Typography key={index} textColor="danger600" data-testid="sample-refused">
            {article.error.message}
          </Typography>
        )
      )}
      <PayloadView payload={result.payload} map={result.fieldMap} />
    </Flex>
  );
};
