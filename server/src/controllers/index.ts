import adminActivity from './admin-activity';
import adminSettings from './admin-settings';
import serviceApi from './service-api';
import webhook from './webhook';

export default {
  'admin-activity': adminActivity,
  'admin-settings': adminSettings,
  'service-api': serviceApi,
  webhook,
};
