import { Box, Flex, Typography } from '@strapi/design-system';
import * as React from 'react';

interface SectionProps {
  title: string;
  description?: string;
  testId?: string;
  children: React.ReactNode;
}

/** One white card of the settings page, titled, its content stacked. */
export const Section = ({ title, description, testId, children }: SectionProps) => (
  <Box background="neutral0" padding={6} shadow="filterShadow" hasRadius data-testid={testId}>
    <Flex direction="column" alignItems="stretch" gap={4}>
      <Flex direction="column" alignItems="stretch" gap={1}>
        <Typography variant="delta" tag="h2">
          {title}
        </Typography>
        {description && <Typography textColor="neutral600">{description}</Typography>}
      </Flex>
      {children}
    </Flex>
  </Box>
);
