import { Box, Flex, Typography } from '@strapi/design-system';
import type { FieldMap } from '../../../../../core/src/hooks/field-map';
import { useTranslate } from '../../../hooks/useTranslate';
import { FieldMapTable } from './FieldMapTable';

/** A payload as received (credentials redacted by the server) beside where each of its fields went. */
export const PayloadView = ({ payload, map }: { payload: unknown; map: FieldMap | null }) => {
  const t = useTranslate();
  return (
    <Flex gap={4} alignItems="flex-start" wrap="wrap">
      <Box style={{ flex: '1 1 22rem', minWidth: 0 }}>
        <Typography variant="sigma" tag="h3">
          {t('inspector.payload', 'Payload as received')}
        </Typography>
        <Box
          tag="pre"
          background="neutral100"
          padding={3}
          hasRadius
          data-testid="delivery-payload"
          style={{ maxHeight: '32rem', overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {JSON.stringify(payload, null, 2)}
        </Box>
      </Box>
      <Box style={{ flex: '1 1 22rem', minWidth: 0 }} data-testid="delivery-field-map">
        <Typography variant="sigma" tag="h3">
          {t('inspector.fieldMap', 'Where each field went')}
        </Typography>
        {map ? (
          <FieldMapTable map={map} />
        ) : (
          <Typography textColor="neutral600">
            {t('inspector.noMap', 'No field map: the endpoint no longer exists or is disabled.')}
          </Typography>
        )}
      </Box>
    </Flex>
  );
};
