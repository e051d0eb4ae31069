import applicationPasswordSchema from './application-password/schema.json';
import authFailureSchema from './auth-failure/schema.json';
import deliverySchema from './delivery/schema.json';
import hookDeliverySchema from './hook-delivery/schema.json';
import mediaSourceSchema from './media-source/schema.json';
import refusalSchema from './refusal/schema.json';
import scheduleSchema from './schedule/schema.json';
import uploadJournalSchema from './upload-journal/schema.json';
import wordpressTermSchema from './wordpress-term/schema.json';
import wordpressTermLinkSchema from './wordpress-term-link/schema.json';

export default {
  'application-password': { schema: applicationPasswordSchema },
  'auth-failure': { schema: authFailureSchema },
  delivery: { schema: deliverySchema },
  'hook-delivery': { schema: hookDeliverySchema },
  'media-source': { schema: mediaSourceSchema },
  refusal: { schema: refusalSchema },
  schedule: { schema: scheduleSchema },
  'upload-journal': { schema: uploadJournalSchema },
  'wordpress-term': { schema: wordpressTermSchema },
  'wordpress-term-link': { schema: wordpressTermLinkSchema },
};
